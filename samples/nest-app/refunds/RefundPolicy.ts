/**
 * Who may approve a refund: small ones go through on their own; bigger ones wait for a
 * supervisor, so the run pauses (`'pause'`) and `POST /approvals/:id` resumes it later, on
 * whichever instance the supervisor's request reaches. The agent consults it for every tool
 * marked `requiresApproval`.
 */
import { Injectable } from '@nestjs/common';

/** Refunds up to this many cents are approved without a supervisor. */
export const AUTO_APPROVE_LIMIT_CENTS = 5000;

/** What the policy decided: approved, or left to a supervisor. */
export type RefundDecision = { approved: true } | 'pause';

/** Decides refunds. */
@Injectable()
export class RefundPolicy {
  /** Every decision taken, for the audit log (and the tests). */
  readonly decisions: { tool: string; input: unknown; decision: RefundDecision }[] = [];

  /** Approves a small refund; anything else waits for a supervisor. */
  decide(tool: string, input: Record<string, unknown>): RefundDecision {
    const amount = Number(input.amountCents);
    const decision: RefundDecision =
      tool === 'issue_refund' && amount <= AUTO_APPROVE_LIMIT_CENTS ? { approved: true } : 'pause';
    this.decisions.push({ tool, input, decision });
    return decision;
  }
}
