/**
 * The README's validation example: a tool whose whole input is a class-validator DTO with a
 * nested array of DTOs, so the model's mistakes come back one `path: message` line each.
 */
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Ctx, Params, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';

/** One line of an order. */
export class LineItem {
  @IsString() sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

/** An order the model places for the user. */
export class OrderRequest {
  @IsEmail() email!: string;
  @IsIn(['standard', 'express']) shipping!: string;
  @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => LineItem) items!: LineItem[];
}

/** Takes orders for the signed-in user. */
export class OrderService {
  /** Places an order. */
  @Tool({ name: 'place_order', strict: true, requiresApproval: true })
  place(
    @Params(OrderRequest) order: OrderRequest,
    @Ctx() ctx: ToolCallContext<{ userId: string }>,
  ) {
    return { placedBy: ctx.state.userId, items: order.items.length };
  }
}
