/**
 * Approval of a model's call where no agent asks: `callOpenAI({ approve })` and
 * `toRunnableTools({ approve })` serve a model's calls, so a tool marked `requiresApproval` runs
 * there only when their `approve` hook says so; without a hook it is refused. (`registry.call()`
 * is your own code calling the tool, and runs it: it is how the agent, MCP and these helpers
 * dispatch once they approved.)
 */
import { deniedReason } from './ApprovalDecision';
import type { ApprovalDecision } from './ApprovalDecision';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import type { ToolCall } from './types';

/** Decides a model's call (validated) of a tool marked `requiresApproval`. */
export type CallApprover = (call: ToolCall) => ApprovalDecision | Promise<ApprovalDecision>;

/** The text the model gets for a call that needs approval and may not run. */
const notRun = (name: string, why: string): string =>
  `Tool "${name}" was not run: ${sanitizeForModel(why, 500)}.`;

/**
 * Undefined when the call may run, else the text the model is answered with (`is_error`). A hook
 * that throws denies.
 * @example
 * const refusal = await approveModelCall(call, options.approve);
 */
export async function approveModelCall(
  call: ToolCall,
  approve: CallApprover | undefined,
): Promise<string | undefined> {
  if (!approve) {
    return notRun(call.name, 'it requires approval and no approval hook is configured (`approve`)');
  }
  let decision: ApprovalDecision;
  try {
    decision = await approve(call);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return notRun(call.name, `the approval hook failed (${message})`);
  }
  const reason = deniedReason(decision);
  return reason === undefined ? undefined : notRun(call.name, `the call was denied (${reason})`);
}
