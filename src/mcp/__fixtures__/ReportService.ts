/**
 * Tools with typed results and progress for the MCP tests. The tests run codegen on this file,
 * so the output schemas come from these return types exactly as a user's would.
 */
import { Ctx, Param, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';

/** One line of a report. */
export interface ReportLine {
  region: string;
  total: number;
}

export class ReportService {
  /**
   * Totals sales by region.
   * @returns One line per region.
   */
  @Tool()
  async totals(@Param() regions: string[], @Ctx() ctx: ToolCallContext): Promise<ReportLine[]> {
    const lines: ReportLine[] = [];
    for (const [index, region] of regions.entries()) {
      ctx.progress(index, regions.length, `totalling ${region}`);
      lines.push({ region, total: region.length * 100 });
    }
    ctx.progress(regions.length, regions.length, 'done');
    return lines;
  }

  /** The best region. */
  @Tool()
  best(): ReportLine {
    return { region: 'north', total: 900 };
  }

  /** A report whose code breaks its own type (the cast hides it from the compiler). */
  @Tool()
  broken(): ReportLine {
    return { region: 'south', total: 'many' } as unknown as ReportLine;
  }

  /** Archives the report; returns nothing. */
  @Tool()
  archive(@Param() id: string): void {
    void id;
  }
}
