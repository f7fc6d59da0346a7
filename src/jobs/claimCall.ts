/**
 * One call per idempotency key. The key's first call (its tool, the digest of its input and its
 * caller's id) is recorded beside the queue as its job is added, and a later call with the key
 * must be that very call; the job it joins is checked too, should the record have expired
 * before the job.
 * Apart from `ToolJobs`, which only calls these two checks around adding a job.
 */
import { Job } from 'bullmq';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { IdempotencyKeyReusedError } from './IdempotencyKeyReusedError';
import { inputDigest } from './inputDigest';
import { keyClaimOf } from './redisKeys';
import type { JobQueueOptions, ToolJobData, ToolJobResult } from './types';

/**
 * What makes a call the same call: its key, its tool, its validated input and who made it (a
 * call joining another caller's job would be handed that caller's result).
 */
export interface CallIdentity {
  idempotencyKey: string;
  tool: string;
  /** `inputDigest()` of the validated input. */
  digest: string;
  /** The caller's `id`, or '' for a call without one. */
  owner: string;
}

/** The refusal of `call` by the holder of its key (`heldTool`, `sameInput`). */
function reused(call: CallIdentity, heldTool: string, sameInput: boolean): Error {
  const otherCaller = heldTool === call.tool && sameInput;
  return new IdempotencyKeyReusedError(call.idempotencyKey, heldTool, call.tool, otherCaller);
}

/** Records the key as this call's, or throws `IdempotencyKeyReusedError` if another call holds it. */
export async function claimKey(
  redis: Redis,
  options: JobQueueOptions,
  call: CallIdentity,
  seconds: number,
): Promise<void> {
  const key = keyClaimOf(options, call.idempotencyKey);
  const value = `${call.tool}\n${call.digest}\n${call.owner}`;
  if ((await redis.set(key, value, 'EX', seconds, 'NX')) === 'OK') return;
  const held = await redis.get(key);
  if (held === null || held === value) return;
  const [heldTool = '', heldDigest] = held.split('\n');
  throw reused(call, heldTool, heldDigest === call.digest);
}

/** Throws `IdempotencyKeyReusedError` when the job under `jobId` is of another call. */
export async function checkJoined(
  queue: Queue<ToolJobData, ToolJobResult>,
  jobId: string,
  call: CallIdentity,
): Promise<void> {
  const job = await Job.fromId<ToolJobData, ToolJobResult>(queue, jobId);
  if (!job?.data) return;
  const { tool, input, inputDigest: digest, caller } = job.data;
  const sameInput = (digest ?? inputDigest(input)) === call.digest;
  if (tool === call.tool && sameInput && (caller?.id ?? '') === call.owner) return;
  throw reused(call, tool, sameInput);
}
