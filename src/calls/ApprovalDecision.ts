/**
 * What an approval hook or a `resume()` decides about one call, and how it reads. In `calls/`,
 * below the agent, the approval stores and the wire formats, so all of them can name it.
 */

/** `true` approves; `false` or `{ approved: false, reason }` denies (the reason reaches the model). */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string };

/** The reason a decision denies its call, or undefined when it approves. */
export function deniedReason(decision: ApprovalDecision): string | undefined {
  if (decision === true) return undefined;
  if (decision && typeof decision === 'object' && decision.approved) return undefined;
  return decision && typeof decision === 'object' && decision.reason
    ? decision.reason
    : 'not approved';
}
