/**
 * A refund tool with a real side effect: a line in a ledger file per refund, deduplicated by
 * the call's idempotency key. `crashAfterEffect` makes it hang after writing (a process that
 * dies there has done the refund but never stored the outcome).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { Ctx, Param, Tool } from '../../decorators/toolSurface';
import type { ToolCallContext } from '../../index';

export interface LedgerLine {
  event: 'started' | 'refunded' | 'deduplicated';
  key: string | undefined;
  pid: number;
}

export function readLedger(file: string): LedgerLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LedgerLine);
}

export class LedgerService {
  constructor(
    private readonly file: string,
    private readonly crashAfterEffect = false,
  ) {}

  /** Refunds an order. */
  @Tool({ requiresApproval: true })
  async refund(
    @Param('orderId') orderId: string,
    @Param('amount') amount: number,
    @Ctx() ctx: ToolCallContext,
  ): Promise<string> {
    const key = ctx.idempotencyKey;
    const write = (event: LedgerLine['event']) =>
      appendFileSync(this.file, `${JSON.stringify({ event, key, pid: process.pid })}\n`);
    write('started');
    if (readLedger(this.file).some((line) => line.event === 'refunded' && line.key === key)) {
      write('deduplicated');
      return `Refund ${key} was already made`;
    }
    write('refunded');
    if (this.crashAfterEffect) await new Promise(() => undefined);
    return `Refunded ${amount} on ${orderId}`;
  }
}
