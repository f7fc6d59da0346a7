/**
 * The guarantee matrix's fixture tools: each records what reached its method (its input and
 * `ctx.caller`), so a cell sees whether a refused call ran and as whom an admitted one did.
 */
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import type { ToolCallContext } from '../../calls/ToolCallContext';
import { untilAborted } from './untilAborted';

/** One run of a fixture tool: its name, its input, its caller's id. */
export interface MatrixRun {
  tool: string;
  input: Record<string, unknown>;
  caller: string | undefined;
}

export class MatrixService {
  /** What reached the methods, in order. */
  readonly ran: MatrixRun[] = [];

  /** Called when `wait_for_signal` starts (a test aborts its caller's signal there). */
  onStart?: () => void;

  @Tool({ description: 'Waits until its call is aborted (5 s at most).' })
  async waitForSignal(@Param('label') label: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    this.onStart?.();
    const aborted = await untilAborted(ctx.signal, 5_000);
    this.ran.push({ tool: 'wait_for_signal', input: { label, aborted }, caller: ctx.caller?.id });
    return `waited for ${label}`;
  }

  @Tool({ description: 'Orders a quantity of an item.' })
  placeOrder(
    @Param('item') item: string,
    @Param('qty') qty: number,
    @Ctx() ctx: ToolCallContext,
  ): string {
    this.ran.push({ tool: 'place_order', input: { item, qty }, caller: ctx.caller?.id });
    return `ordered ${qty} ${item}`;
  }

  @Tool({ description: 'Refunds an order.', requiresApproval: true })
  refund(@Param('orderId') orderId: string, @Ctx() ctx: ToolCallContext): string {
    this.ran.push({ tool: 'refund', input: { orderId }, caller: ctx.caller?.id });
    return `refunded ${orderId}`;
  }

  @Tool({ description: 'Builds a slow report.', timeoutMs: 200 })
  async slowReport(@Param('month') month: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    // Waits for its signal (5 s at most): only the tool's time limit ends the call.
    const aborted = await untilAborted(ctx.signal, 5_000);
    this.ran.push({ tool: 'slow_report', input: { month, aborted }, caller: ctx.caller?.id });
    return `report of ${month}`;
  }

  @Tool({ description: 'Looks a customer up in the database.' })
  lookupCustomer(@Param('id') id: string): string {
    this.ran.push({ tool: 'lookup_customer', input: { id }, caller: undefined });
    throw new Error('the customer service is down');
  }

  @Tool({ description: 'Reads the audit log.', scopes: ['audit:read'] })
  readAudit(@Param('day') day: string, @Ctx() ctx: ToolCallContext): string {
    this.ran.push({ tool: 'read_audit', input: { day }, caller: ctx.caller?.id });
    return `audit of ${day} for ${ctx.caller?.id ?? 'nobody'}`;
  }
}
