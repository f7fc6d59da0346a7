/**
 * Decides whether a `requiresApproval` tool may run over MCP: no hook means no; a hook may
 * allow, deny, or ask the client's user through form elicitation. Separate from the server so
 * the policy reads in one place.
 */
import type { McpApprovalHook, McpApprovalRequest } from './types';

/** The verdict: run, or refuse with the reason the client is told. */
export type ApprovalVerdict = { approved: true } | { approved: false; reason: string };

/** Asks the client's user; `true` when they accepted and approved. */
export type AskUser = (message: string) => Promise<boolean>;

/** The form the client shows: one required yes/no field. */
export const APPROVAL_FORM = {
  type: 'object' as const,
  properties: {
    approve: {
      type: 'boolean' as const,
      title: 'Approve',
      description: 'Run this tool call',
      default: false,
    },
  },
  required: ['approve'],
};

/** The question put to the user. */
function approvalMessage(request: McpApprovalRequest): string {
  return `Allow the tool "${request.name}" to run with these arguments?\n${JSON.stringify(request.input, null, 2)}`;
}

/** Why a call is refused, by cause; the server prefixes `Tool "<name>" was not run: `. */
export const REFUSALS = {
  noHook:
    'it requires approval and this MCP server has no approval hook (configure `approve`, or run `toolwright mcp --approve elicit`)',
  denied: 'the approval hook denied it',
  cannotAsk:
    "it requires the user's approval and this MCP client cannot ask (it does not support elicitation)",
  declined: 'the user did not approve it',
};

/**
 * Runs the approval policy for one call.
 * @example
 * const verdict = await approveCall(options.approve, request, ask);
 */
export async function approveCall(
  hook: McpApprovalHook | undefined,
  request: McpApprovalRequest,
  ask: AskUser,
): Promise<ApprovalVerdict> {
  if (hook === undefined) return { approved: false, reason: REFUSALS.noHook };
  const decision = hook === 'elicit' ? 'elicit' : await hook(request);
  if (decision === true) return { approved: true };
  if (decision === false) return { approved: false, reason: REFUSALS.denied };
  if (typeof decision === 'object') return { approved: false, reason: decision.deny };
  if (!request.canElicit) return { approved: false, reason: REFUSALS.cannotAsk };
  return (await ask(approvalMessage(request)))
    ? { approved: true }
    : { approved: false, reason: REFUSALS.declined };
}
