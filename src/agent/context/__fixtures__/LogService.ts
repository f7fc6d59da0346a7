/**
 * Tools whose results fill a context: a day's log is about 30,000 tokens (by the scripted
 * server's count, four characters a token), so two calls pass a 50,000-token budget. One tool
 * needs approval, to pause a run that holds a compaction block.
 */
import { Param } from '../../../decorators/Param';
import { Tool } from '../../../decorators/Tool';

/** Tokens of one day's log. */
export const LOG_TOKENS = 30_000;

export class LogService {
  archived: string[] = [];

  @Tool({ description: "Reads a day's server log." })
  readLog(@Param('day') day: string): string {
    const line = `${day} GET /orders 200\n`;
    return line.repeat(Math.ceil((LOG_TOKENS * 4) / line.length));
  }

  @Tool({ description: "Archives a day's server log.", requiresApproval: true })
  archiveLog(@Param('day') day: string): string {
    this.archived.push(day);
    return `Archived ${day}`;
  }
}
