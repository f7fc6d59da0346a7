/**
 * A long-running tool with a time limit of its own (`timeoutMs: 500`), for the tests of that
 * limit: it waits for its signal, so it only ends when the limit (or a cancel) stops it.
 */
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import type { ToolCallContext } from '../../calls/ToolCallContext';

export class TimedReportService {
  /**
   * Builds the yearly report, which takes long.
   * @param year The year.
   */
  @Tool({ longRunning: true, timeoutMs: 500 })
  yearlyReport(@Param('year') year: number, @Ctx() ctx: ToolCallContext): Promise<string> {
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => resolve(`stopped ${year}`), { once: true });
    });
  }
}
