/**
 * Holding a paused run while it is resumed, so it is resumed once and never lost. With a store
 * that leases (`claim`), the resumer claims the run (renewing its lease while it works) and the
 * stored run stays until the resumed turn's outcome is stored: a resumer that dies leaves the
 * run to the next one once its lease expires (its approved calls run again, with the same
 * idempotency key: at-least-once). When the run completes, the lease is kept for the approval
 * TTL, so the same state cannot be resumed twice. A store without leases has the run deleted
 * before its calls run (at-most-once).
 */
import { randomUUID } from 'node:crypto';
import { ApprovalNotFoundError } from '../errors/ApprovalNotFoundError';
import type { AgentCore } from './AgentCore';

/** How a resume ended, for the store: done, paused again (saved anew), or failed (kept). */
export type ResumeEnd = 'completed' | 'paused' | 'failed';

/** A held run: whether it is leased, and what to do with it when the resume ends. */
export interface RunHold {
  leased: boolean;
  settle(end: ResumeEnd): Promise<void>;
}

/** Claims `runId` for this resume (or, without leases, takes it out of the store). */
export async function holdRun(core: AgentCore, runId: string, byId: boolean): Promise<RunHold> {
  const { store, leaseMs, ttlSeconds } = core.settings.approvals;
  if (!store.claim) {
    const removed = await store.delete(runId);
    if (byId && !removed) throw new ApprovalNotFoundError(runId);
    return { leased: false, settle: async () => undefined };
  }
  const owner = randomUUID();
  if (!(await store.claim(runId, owner, leaseMs))) throw new ApprovalNotFoundError(runId);
  const renewal = setInterval(() => {
    store.claim!(runId, owner, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  return {
    leased: true,
    settle: async (end) => {
      clearInterval(renewal);
      if (end === 'completed') {
        await store.delete(runId);
        // Kept for the TTL: a second resume of the same state finds it taken.
        await store.claim!(runId, owner, ttlSeconds * 1000);
      } else await store.release?.(runId, owner);
    },
  };
}
