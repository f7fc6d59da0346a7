/**
 * The job id of a call: public, so a caller can find the job of a call it made by its key
 * (`jobs.status(jobIdOf(tool, key))`), and apart from the queue's names and Redis keys.
 */
import { sha256 } from './sha256';

/**
 * The job id of a call of `tool` with an idempotency key: the same call made again (a resumed
 * run, a retried request) joins the job instead of running twice, and a call of another tool
 * never finds it. Hashed: a key may hold any text.
 * @example
 * const status = await jobs.status(jobIdOf('export_orders', 'toolu_01'));
 */
export function jobIdOf(tool: string, idempotencyKey: string): string {
  return `tw-${sha256(`${tool}\n${idempotencyKey}`).slice(0, 40)}`;
}
