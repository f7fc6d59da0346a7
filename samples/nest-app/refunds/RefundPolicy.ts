/**
 * Who may approve a refund: small ones go through on their own, bigger ones need a
 * supervisor, and there is none on this HTTP endpoint, so they are denied and the model is
 * told why. The agent consults it for every tool marked `requiresApproval`.
 */
import { Injectable } from '@nestjs/common';

/** Refunds up to this many cents are approved without a supervisor. */
export const AUTO_APPROVE_LIMIT_CENTS = 5000;

/** What the policy decided. */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

/** Decides refunds. */
@Injectable()
export class RefundPolicy {
  /** Every decision taken, for the audit log (and the tests). */
  readonly decisions: { tool: string; input: unknown; decision: ApprovalDecision }[] = [];

  /** Approves a tool call that needs approval, or says why not. */
  decide(tool: string, input: Record<string, unknown>): ApprovalDecision {
    const amount = Number(input.amountCents);
    const decision: ApprovalDecision =
      tool === 'issue_refund' && amount <= AUTO_APPROVE_LIMIT_CENTS
        ? { approved: true }
        : {
            approved: false,
            reason: `refunds above ${AUTO_APPROVE_LIMIT_CENTS} cents need a supervisor; tell the customer a supervisor will follow up`,
          };
    this.decisions.push({ tool, input, decision });
    return decision;
  }
}
