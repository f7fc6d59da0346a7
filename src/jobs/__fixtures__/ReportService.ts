/**
 * A service with a long-running tool, for the job tests: `export_orders` writes what it does to
 * a Redis list (`log`) so the test sees every attempt, waits for a gate the test opens (or for
 * its signal), and makes its effect (the "export") at most once per idempotency key.
 * `flaky_count` crashes on its first attempt of a key, `refuse_export` throws a `ToolError`;
 * `count_orders` is an ordinary tool.
 */
import type Redis from 'ioredis';
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import { ToolError } from '../../errors/ToolError';
import type { ToolCallContext } from '../../calls/ToolCallContext';

/** One line of the log. */
export interface LogLine {
  event: 'started' | 'exported' | 'already_exported' | 'aborted' | 'crashed';
  key: string;
  pid: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the log the tools write. */
export async function readLog(redis: Redis): Promise<LogLine[]> {
  return (await redis.lrange('log', 0, -1)).map((line) => JSON.parse(line) as LogLine);
}

export class ReportService {
  constructor(private readonly redis: Redis) {}

  private log(event: LogLine['event'], key: string): Promise<unknown> {
    return this.redis.rpush('log', JSON.stringify({ event, key, pid: process.pid }));
  }

  /**
   * Exports the orders of a month as a CSV report.
   * @param month The month, as YYYY-MM.
   */
  @Tool({ longRunning: true })
  async exportOrders(@Param('month') month: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    const key = ctx.idempotencyKey ?? ctx.toolUseId;
    await this.log('started', key);
    ctx.progress(1, 3, 'reading orders');
    while ((await this.redis.get(`gate:${month}`)) === null) {
      if (ctx.signal.aborted) {
        await this.log('aborted', key);
        return 'aborted';
      }
      await sleep(50);
    }
    ctx.progress(2, 3, 'writing the report');
    // The effect, once per key: a retried job sees it was made.
    const made = await this.redis.set(`export:${key}`, month, 'NX');
    await this.log(made ? 'exported' : 'already_exported', key);
    ctx.progress(3, 3, 'done');
    return `Exported the orders of ${month} to exports/${month}.csv`;
  }

  /**
   * Counts something, crashing on the first attempt of each call.
   * @param what What to count.
   */
  @Tool({ longRunning: true })
  async flakyCount(@Param('what') what: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    const key = ctx.idempotencyKey ?? ctx.toolUseId;
    if ((await this.redis.incr(`flaky:${key}`)) === 1) {
      await this.log('crashed', key);
      throw new Error('connection reset');
    }
    return `Counted ${what}: 42`;
  }

  /**
   * Refuses every export, as a tool error for the model.
   * @param month The month.
   */
  @Tool({ longRunning: true })
  async refuseExport(@Param('month') month: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    await this.log('started', ctx.idempotencyKey ?? ctx.toolUseId);
    throw new ToolError(`Exports of ${month} are closed`);
  }

  /**
   * Says who asked for a report, as the worker sees the caller.
   * @param month The month, as YYYY-MM.
   */
  @Tool({ longRunning: true })
  async whoAsked(@Param('month') month: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    const caller = ctx.caller;
    if (!caller) return `${month}: nobody`;
    return `${month}: ${caller.id ?? '?'} [${caller.scopes.join(' ')}] ${JSON.stringify(caller.claims ?? null)}`;
  }

  /**
   * Counts the orders of a month, at once.
   * @param month The month, as YYYY-MM.
   */
  @Tool()
  countOrders(@Param('month') month: string): string {
    return `${month}: 42 orders`;
  }
}
