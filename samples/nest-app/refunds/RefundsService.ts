/**
 * Refunds: a tool that changes money, so it is marked `requiresApproval` and the agent asks
 * its `approve` hook (here `RefundPolicy`) before running it. Depends on `OrdersService`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Ctx, Params, Tool, ToolError } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import { OrdersService } from '../orders/OrdersService';
import { RefundRequest } from './RefundRequest';

/** A refund that was issued. */
export interface Refund {
  refundId: string;
  orderId: string;
  amountCents: number;
  reason: string;
}

/** Issues refunds against orders. */
@Injectable()
export class RefundsService {
  /** Every refund issued, in order. */
  readonly issued: Refund[] = [];

  constructor(@Inject(OrdersService) private readonly orders: OrdersService) {}

  /**
   * Refunds part or all of an order to the customer's original payment method.
   * Needs a supervisor's approval above the automatic limit.
   * @returns The refund's id and amount.
   * @throws ToolError if the order does not exist or the amount is more than what is left to refund.
   * @example {"orderId": "ord_1002", "amountCents": 2000, "reason": "One hub arrived broken"}
   */
  @Tool({ strict: true, requiresApproval: true, annotations: { destructiveHint: true } })
  issueRefund(@Params(RefundRequest) request: RefundRequest, @Ctx() ctx: ToolCallContext): Refund {
    const order = this.orders.require(request.orderId);
    const left = order.totalCents - order.refundedCents;
    if (request.amountCents > left) {
      throw new ToolError(`Order ${order.id} has only ${left} cents left to refund`);
    }
    order.refundedCents += request.amountCents;
    const refund = {
      refundId: `ref_${ctx.toolUseId.slice(-8)}`,
      orderId: order.id,
      amountCents: request.amountCents,
      reason: request.reason,
    };
    this.issued.push(refund);
    return refund;
  }
}
