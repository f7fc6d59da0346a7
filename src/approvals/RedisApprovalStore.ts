/**
 * An `ApprovalStore` on Redis, so that any instance of a service can resume a run another one
 * paused. Written against an `ioredis` client the caller creates and closes; this file only
 * declares the three commands it uses, so importing toolwright never loads `ioredis`.
 */
import type { ApprovalStore, PausedRunState } from './types';
import { ToolwrightError } from '../errors/ToolwrightError';
import { parseStoredState } from './parseStoredState';

/** The commands the store sends; an `ioredis` `Redis` (or `Cluster`) has them. */
export interface RedisCommands {
  set(key: string, value: string, expiry: 'EX', seconds: number): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
}

/** Options of `RedisApprovalStore`. */
export interface RedisApprovalStoreOptions {
  /** The client, such as `new Redis(process.env.REDIS_URL)`; the caller closes it. */
  client: RedisCommands;
  /** Prefix of every key (default `toolwright:approval:`). */
  keyPrefix?: string;
}

/**
 * Paused runs in Redis, one key per run with the run's TTL.
 * @example
 * import Redis from 'ioredis';
 * const approvalStore = new RedisApprovalStore({ client: new Redis(process.env.REDIS_URL!) });
 * const agent = new ToolAgent({ client, registry, model, approvals: 'pause', approvalStore });
 */
export class RedisApprovalStore implements ApprovalStore {
  private readonly client: RedisCommands;
  private readonly keyPrefix: string;

  constructor(options: RedisApprovalStoreOptions) {
    if (!options?.client || typeof options.client.set !== 'function') {
      throw new ToolwrightError(
        'RedisApprovalStore: `client` must be a Redis client such as `new Redis(url)` from ioredis',
      );
    }
    this.client = options.client;
    this.keyPrefix = options.keyPrefix ?? 'toolwright:approval:';
  }

  /** `SET key json EX ttl`. */
  async save(runId: string, state: PausedRunState, ttlSeconds: number): Promise<void> {
    const seconds = Math.max(1, Math.ceil(ttlSeconds));
    await this.client.set(this.key(runId), JSON.stringify(state), 'EX', seconds);
  }

  /** `GET key`, parsed; undefined when absent or expired. */
  async load(runId: string): Promise<PausedRunState | undefined> {
    const json = await this.client.get(this.key(runId));
    return json === null ? undefined : parseStoredState(json, runId);
  }

  /** `DEL key`; true when this call removed it. */
  async delete(runId: string): Promise<boolean> {
    return (await this.client.del(this.key(runId))) > 0;
  }

  private key(runId: string): string {
    return this.keyPrefix + runId;
  }
}
