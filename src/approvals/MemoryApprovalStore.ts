/**
 * The default `ApprovalStore`: paused runs in this process's memory, each entry dropped once its
 * TTL has passed. Entries are kept as JSON text, so a resumed state is a copy, as from Redis.
 * Only for one instance: behind a load balancer use a shared store such as `RedisApprovalStore`.
 */
import type { ApprovalStore, PausedRunState } from './types';
import { parseStoredState } from './parseStoredState';

/** Options of `MemoryApprovalStore`. */
export interface MemoryApprovalStoreOptions {
  /** The clock, in milliseconds (default `Date.now`). */
  now?: () => number;
}

/**
 * Paused runs in memory.
 * @example
 * const agent = new ToolAgent({ client, registry, model, approvals: 'pause', approvalStore: new MemoryApprovalStore() });
 */
export class MemoryApprovalStore implements ApprovalStore {
  private readonly entries = new Map<string, { json: string; expiresAt: number }>();
  private readonly leases = new Map<string, { owner: string; expiresAt: number }>();
  private readonly now: () => number;

  constructor(options: MemoryApprovalStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** Keeps `state` under `runId` for `ttlSeconds`, replacing any entry of that id. */
  async save(runId: string, state: PausedRunState, ttlSeconds: number): Promise<void> {
    this.sweep();
    const expiresAt = this.now() + ttlSeconds * 1000;
    this.entries.set(runId, { json: JSON.stringify(state), expiresAt });
  }

  /** The state saved under `runId`, unless it expired or was deleted. */
  async load(runId: string): Promise<PausedRunState | undefined> {
    const entry = this.live(runId);
    return entry ? parseStoredState(entry.json, runId) : undefined;
  }

  /** Drops the entry; true when it was there (and not expired). */
  async delete(runId: string): Promise<boolean> {
    const found = this.live(runId) !== undefined;
    this.entries.delete(runId);
    return found;
  }

  /** Takes (or renews) the run's lease for `owner`, unless another owner's lease is live. */
  async claim(runId: string, owner: string, leaseMs: number): Promise<boolean> {
    const lease = this.leases.get(runId);
    if (lease && lease.owner !== owner && lease.expiresAt > this.now()) return false;
    this.leases.set(runId, { owner, expiresAt: this.now() + leaseMs });
    return true;
  }

  /** Drops the lease if `owner` holds it. */
  async release(runId: string, owner: string): Promise<void> {
    if (this.leases.get(runId)?.owner === owner) this.leases.delete(runId);
  }

  /** How many entries are held, expired ones not counted. */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  private live(runId: string): { json: string; expiresAt: number } | undefined {
    const entry = this.entries.get(runId);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(runId);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [runId, entry] of this.entries)
      if (entry.expiresAt <= now) this.entries.delete(runId);
  }
}
