/**
 * An ioredis client for toolwright's own keys beside the queue (cancel flags, the cancel
 * channel, MCP task records), from the same `connection` the queue uses.
 */
import Redis from 'ioredis';
import type { JobConnection } from './types';

/** A new client; the caller closes it. */
export function redisClientOf(connection: JobConnection): Redis {
  return typeof connection === 'string'
    ? new Redis(connection, { maxRetriesPerRequest: null })
    : new Redis({ ...connection, maxRetriesPerRequest: null });
}

/** BullMQ's `connection`: ioredis options (a URL becomes `{ url }`, which BullMQ reads). */
export function bullConnectionOf(connection: JobConnection): Record<string, unknown> {
  return typeof connection === 'string'
    ? { url: connection, maxRetriesPerRequest: null }
    : { ...connection, maxRetriesPerRequest: null };
}

/** Closes a client: `QUIT` when connected, else drops the connection (a quit would wait for Redis). */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => undefined);
  else client.disconnect();
}
