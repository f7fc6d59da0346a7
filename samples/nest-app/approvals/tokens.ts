/** Injection tokens of the approval store's wiring, in one place so tests can override them. */

/** The Redis URL shared by every instance (`REDIS_URL`); unset, paused runs stay in memory. */
export const REDIS_URL = Symbol('support-desk:redis-url');

/** The `ApprovalStore` the agent pauses refunds into. */
export const APPROVAL_STORE = Symbol('support-desk:approval-store');

/**
 * The token a supervisor sends to approve or refuse a refund (`SUPERVISOR_TOKEN`), as
 * `Authorization: Bearer <token>`; unset, `POST /approvals/:id` refuses everyone.
 */
export const SUPERVISOR_TOKEN = Symbol('support-desk:supervisor-token');
