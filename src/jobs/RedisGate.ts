/**
 * What a queue operation waits for before it talks to Redis: the client being ready, for a
 * bounded time. ioredis holds commands while Redis is unreachable and sends them once it is
 * back (BullMQ needs `maxRetriesPerRequest: null`, so none ever fails): without this gate an
 * enqueue, a status read or an MCP task read would wait forever on a wrong URL or a Redis down.
 */
import type Redis from 'ioredis';
import { ToolwrightError } from '../errors/ToolwrightError';
import { RedisUnreachableError } from './RedisUnreachableError';
import { redisAddress } from './redisAddress';

/** One operation waiting for the client. */
interface Waiting {
  ready(): void;
  fail(error: Error): void;
}

/** Lets operations through once a client is ready; each waits at most `timeoutMs`. */
export class RedisGate {
  private readonly waiting = new Set<Waiting>();
  /** The client's last error, named when a wait runs out. */
  private lastError?: Error;
  private closed = false;

  constructor(
    private readonly client: Redis,
    private readonly timeoutMs: number,
  ) {
    client.on('error', (error: Error) => void (this.lastError = error));
    client.on('ready', () => {
      for (const waiting of [...this.waiting]) waiting.ready();
    });
  }

  /** Resolves once the client is ready; rejects with `RedisUnreachableError` after `timeoutMs`. */
  reachable(): Promise<void> {
    if (this.client.status === 'ready') return Promise.resolve();
    if (this.closed) return Promise.reject(new ToolwrightError('the job queue is closed'));
    // A client made with `lazyConnect` connects on its first command: this is one.
    if (this.client.status === 'wait') void this.client.connect().catch(() => undefined);
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = {
        ready: () => {
          this.waiting.delete(waiting);
          clearTimeout(timer);
          resolve();
        },
        fail: (error) => {
          this.waiting.delete(waiting);
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(
        () =>
          waiting.fail(
            new RedisUnreachableError(redisAddress(this.client), this.timeoutMs, this.lastError),
          ),
        this.timeoutMs,
      );
      this.waiting.add(waiting);
    });
  }

  /** Ends every wait (the queue is closing): none holds the process open. */
  close(): void {
    this.closed = true;
    for (const waiting of [...this.waiting])
      waiting.fail(new ToolwrightError('the job queue was closed while it waited for Redis'));
  }
}
