/**
 * A job's progress as BullMQ stores and streams it, read back as the `ctx.progress()` report the
 * worker saved (`job.updateProgress(report)`), or undefined for anything else.
 */
import type { ToolProgress } from '../calls/ToolCallContext';

/** The report, when `value` is one (an object with a numeric `progress`). */
export function jobProgress(value: unknown): ToolProgress | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const report = value as Partial<ToolProgress>;
  return typeof report.progress === 'number' ? (report as ToolProgress) : undefined;
}
