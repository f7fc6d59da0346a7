/**
 * Two tools the call pipeline guards: one that requires approval, one that requires a scope.
 * Each records its runs, so a test sees whether the method was reached.
 */
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';

export class GuardedService {
  /** What ran, in order. */
  readonly ran: string[] = [];

  @Tool({ description: 'Refunds an order.', requiresApproval: true })
  refund(@Param('orderId') orderId: string): string {
    this.ran.push(`refund ${orderId}`);
    return `refunded ${orderId}`;
  }

  @Tool({ description: 'Reads the audit log.', scopes: ['audit:read'] })
  readAudit(@Param('day') day: string): string {
    this.ran.push(`audit ${day}`);
    return `audit of ${day}`;
  }
}
