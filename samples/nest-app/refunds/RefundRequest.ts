/** The input of `issue_refund`: a class-validator DTO, flattened into the tool's input by `@Params(RefundRequest)`. */
import { IsInt, IsPositive, IsString, Matches, Max, MaxLength, MinLength } from 'class-validator';

/** A refund the model asks for. */
export class RefundRequest {
  /** The order to refund, such as ord_1001. */
  @IsString()
  @Matches(/^ord_\d+$/)
  orderId!: string;

  /** The amount to give back, in cents (at most the order's total minus earlier refunds). */
  @IsInt()
  @IsPositive()
  @Max(1_000_000)
  amountCents!: number;

  /** Why the customer is refunded, in a sentence. */
  @IsString()
  @MinLength(5)
  @MaxLength(500)
  reason!: string;
}
