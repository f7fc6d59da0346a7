/** The body of `POST /approvals/:id`, validated by Nest's `ValidationPipe` with class-validator. */
import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** A supervisor's decision on the refund a run waits for. */
export class ApprovalRequest {
  /** True to issue the refund, false to refuse it. */
  @IsBoolean()
  approved!: boolean;

  /** Why it was refused; the model tells the customer. */
  @IsOptional()
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason?: string;
}
