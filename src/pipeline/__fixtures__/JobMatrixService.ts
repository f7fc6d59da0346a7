/**
 * The guarantee matrix's tools for the rows that run in a worker process (the jobs worker, an MCP
 * task): long-running, so they run as jobs, and each records what reached its method (its input
 * and `ctx.caller`) in a Redis list, where the test process reads it.
 */
import type Redis from 'ioredis';
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import type { ToolCallContext } from '../../calls/ToolCallContext';
import { untilAborted } from './untilAborted';
import type { MatrixRun } from './MatrixService';

/** The Redis list the tools record their runs in. */
const RAN = 'matrix:ran';

/** The Redis list of the tools that started waiting for their signal. */
const STARTED = 'matrix:started';

/** The keys a test clears before each cell. */
export const MATRIX_KEYS = [RAN, STARTED];

/** What reached the methods, in order, in any process. */
export async function readRuns(redis: Redis): Promise<MatrixRun[]> {
  return (await redis.lrange(RAN, 0, -1)).map((line) => JSON.parse(line) as MatrixRun);
}

/** Whether a tool that waits for its signal started, in any process. */
export async function hasStarted(redis: Redis, tool: string): Promise<boolean> {
  return (await redis.lrange(STARTED, 0, -1)).includes(tool);
}

/** What a summary declares. */
export interface Summary {
  id: string;
  total: number;
}

export class JobMatrixService {
  constructor(private readonly redis: Redis) {}

  private async record(run: MatrixRun): Promise<void> {
    await this.redis.rpush(RAN, JSON.stringify(run));
  }

  @Tool({ description: 'Orders a quantity of an item.', longRunning: true })
  async placeOrder(
    @Param('item') item: string,
    @Param('qty') qty: number,
    @Ctx() ctx: ToolCallContext,
  ): Promise<string> {
    await this.record({ tool: 'place_order', input: { item, qty }, caller: ctx.caller?.id });
    return `ordered ${qty} ${item}`;
  }

  @Tool({ description: 'Reads the audit log.', scopes: ['audit:read'], longRunning: true })
  async readAudit(@Param('day') day: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    await this.record({ tool: 'read_audit', input: { day }, caller: ctx.caller?.id });
    return `audit of ${day} for ${ctx.caller?.id ?? 'nobody'}`;
  }

  @Tool({ description: 'Looks a customer up in the database.', longRunning: true })
  async lookupCustomer(@Param('id') id: string): Promise<string> {
    await this.record({ tool: 'lookup_customer', input: { id }, caller: undefined });
    throw new Error('the customer service is down');
  }

  /** Summarises an order (returning more than it declares, as a database row would). */
  @Tool({ longRunning: true })
  async summary(@Param('id') id: string, @Ctx() ctx: ToolCallContext): Promise<Summary> {
    await this.record({ tool: 'summary', input: { id }, caller: ctx.caller?.id });
    const row = { id, total: 42, internal_cost: 17 };
    return row;
  }

  @Tool({ description: 'Builds a slow report.', timeoutMs: 500, longRunning: true })
  async slowReport(@Param('month') month: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    // Waits for its signal: only the tool's time limit ends the run.
    const aborted = await untilAborted(ctx.signal, 10_000);
    await this.record({ tool: 'slow_report', input: { month, aborted }, caller: ctx.caller?.id });
    return `report of ${month}`;
  }

  @Tool({ description: 'Waits until its call is cancelled (10 s at most).', longRunning: true })
  async waitForSignal(@Param('label') label: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    await this.redis.rpush(STARTED, 'wait_for_signal');
    const aborted = await untilAborted(ctx.signal, 10_000);
    await this.record({
      tool: 'wait_for_signal',
      input: { label, aborted },
      caller: ctx.caller?.id,
    });
    return `waited for ${label}`;
  }

  @Tool({ description: 'Refunds an order.', requiresApproval: true, longRunning: true })
  async refund(@Param('orderId') orderId: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    await this.record({ tool: 'refund', input: { orderId }, caller: ctx.caller?.id });
    return `refunded ${orderId}`;
  }
}
