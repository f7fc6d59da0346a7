/**
 * A help desk's tools for the tool search tests: one kept loaded (`get_order`), the others
 * deferred until a search finds them, one of which needs approval.
 */
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';

/** Order tools whose calls are logged. */
export class OrderDesk {
  readonly log: string[] = [];

  @Tool({ description: 'Fetches one order with its lines and status.', alwaysLoaded: true })
  getOrder(@Param('orderId') orderId: string): string {
    this.log.push(`get_order ${orderId}`);
    return `Order ${orderId}: 2 lines, paid`;
  }

  @Tool({ description: 'Cancels an order that has not shipped; releases its stock.' })
  cancelOrder(@Param('orderId') orderId: string): string {
    this.log.push(`cancel_order ${orderId}`);
    return `Cancelled ${orderId}`;
  }

  @Tool({
    description: 'Reverses a payment captured twice for the same order (a double charge).',
    requiresApproval: true,
  })
  refundDuplicateCharge(@Param('paymentId') paymentId: string): string {
    this.log.push(`refund_duplicate_charge ${paymentId}`);
    return `Refunded ${paymentId}`;
  }

  @Tool({ description: 'Shows the carrier scans of a parcel: where it is now.' })
  trackShipment(@Param('trackingNumber') trackingNumber: string): string {
    this.log.push(`track_shipment ${trackingNumber}`);
    return `${trackingNumber}: out for delivery`;
  }
}
