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
  /** `SET key value EX seconds`. */
  set(key: string, value: string, expiry: 'EX', seconds: number): Promise<unknown>;
  /** `GET key`. */
  get(key: string): Promise<string | null>;
  /** `DEL key`: the number of keys deleted. */
  del(key: string): Promise<number>;
  /** `EVAL`: the lease is one script, so taking or renewing it is atomic. */
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** Takes the lease when free or expired (Redis expires it), or renews it for the same owner. */
const CLAIM = `local held = redis.call('GET', KEYS[1])
if held == false or held == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/** Drops the lease only if the owner still holds it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

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

  /** The lease key `<prefix>lease:<runId>`, taken or renewed by one script. */
  async claim(runId: string, owner: string, leaseMs: number): Promise<boolean> {
    const ms = Math.max(1, Math.ceil(leaseMs));
    return (await this.client.eval(CLAIM, 1, this.leaseKey(runId), owner, ms)) === 1;
  }

  /** Drops the lease if `owner` still holds it. */
  async release(runId: string, owner: string): Promise<void> {
    await this.client.eval(RELEASE, 1, this.leaseKey(runId), owner);
  }

  private leaseKey(runId: string): string {
    return `${this.keyPrefix}lease:${runId}`;
  }

  /** `DEL key`; true when this call removed it. */
  async delete(runId: string): Promise<boolean> {
    return (await this.client.del(this.key(runId))) > 0;
  }

  private key(runId: string): string {
    return this.keyPrefix + runId;
  }
}
