/** The body of `POST /chat`, validated by Nest's `ValidationPipe` with class-validator. */
import { IsString, MaxLength, MinLength } from 'class-validator';

/** One message from the support agent's user. */
export class ChatRequest {
  /** What the user asks, such as "Please refund order ord_1002". */
  @IsString()
  @MinLength(1)
  @MaxLength(4000)
  message!: string;
}
