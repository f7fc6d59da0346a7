/**
 * A tool that needs approval and answers the id it runs under, for the tests of MCP call ids:
 * the approval hook must be asked about the very call that then runs.
 */
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import type { ToolCallContext } from '../../calls/ToolCallContext';

export class CallIdService {
  /**
   * Answers the id of this call.
   * @param label A label, echoed back.
   */
  @Tool({ requiresApproval: true })
  approvedId(@Param('label') label: string, @Ctx() ctx: ToolCallContext): string {
    return `${label} ${ctx.toolUseId}`;
  }
}
