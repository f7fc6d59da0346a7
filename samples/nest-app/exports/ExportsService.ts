/**
 * The support desk's long-running tool: an export of a customer's orders as a CSV file. Marked
 * `longRunning`, so with `REDIS_URL` set its calls run as durable jobs on a worker (any
 * instance, or `worker.ts` alone) and survive the API process; without it, in-process. A job
 * may run again after a worker dies: the file is named by the call's idempotency key and
 * written once, so a retry finds it made and answers the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { Ctx, Param, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import { OrdersService } from '../orders/OrdersService';

/** What an export answers: where the file is and how many orders it holds. */
export interface ExportResult {
  file: string;
  orders: number;
  /** False when an earlier attempt of the same call had written it already. */
  written: boolean;
}

/** Where exports go: `EXPORT_DIR`, else a folder in the system's temporary directory. */
export const exportDir = (): string =>
  process.env.EXPORT_DIR ?? join(tmpdir(), 'support-desk-exports');

const csvCell = (value: string | number): string =>
  typeof value === 'number' ? String(value) : `"${value.replace(/"/g, '""')}"`;

@Injectable()
export class ExportsService {
  constructor(@Inject(OrdersService) private readonly orders: OrdersService) {}

  /**
   * Exports every order of a customer as a CSV file for the accounting team, and says where it
   * is. Takes a while for big customers: it runs in the background.
   * @param email The customer's email address.
   */
  @Tool({ longRunning: true, annotations: { readOnlyHint: false, idempotentHint: true } })
  exportOrders(@Param('email') email: string, @Ctx() ctx: ToolCallContext): ExportResult {
    const orders = this.orders.listOrders(email);
    const key = ctx.idempotencyKey ?? ctx.toolUseId;
    const name = createHash('sha256').update(key).digest('hex').slice(0, 16);
    const file = join(exportDir(), `orders-${name}.csv`);
    if (existsSync(file)) return { file, orders: orders.length, written: false };
    const lines = ['order,status,total_cents,refunded_cents'];
    orders.forEach((order, index) => {
      if (ctx.signal.aborted) throw new Error('the export was cancelled');
      lines.push(
        [order.id, order.status, order.totalCents, order.refundedCents].map(csvCell).join(','),
      );
      ctx.progress(index + 1, orders.length, `order ${order.id}`);
    });
    mkdirSync(exportDir(), { recursive: true });
    writeFileSync(file, `${lines.join('\n')}\n`, { flag: 'wx' });
    return { file, orders: orders.length, written: true };
  }
}
