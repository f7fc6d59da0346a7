/**
 * What a queue operation waits for before it talks to Redis: the client being ready, for a
 * bounded time. ioredis holds commands while Redis is unreachable and sends them once it is
 * back (BullMQ needs `maxRetriesPerRequest: null`, so none ever fails): without this gate an
 * enqueue, a status read or an MCP task read would wait forever on a wrong URL or a Redis down.
 * A Redis that refuses the connection (a wrong password) fails the waits at once instead: it
 * would refuse every reconnection too.
 */
import type Redis from 'ioredis';
import { ToolwrightError } from '../errors/ToolwrightError';
import { RedisRefusedError } from './RedisRefusedError';
import { refusesConnection } from './redisRefusal';
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
    client.on('error', (error: Error) => {
      this.lastError = error;
      if (!refusesConnection(error)) return;
      for (const waiting of [...this.waiting]) waiting.fail(this.refusal(error));
    });
    client.on('ready', () => {
      this.lastError = undefined;
      for (const waiting of [...this.waiting]) waiting.ready();
    });
  }

  /**
   * Resolves once the client is ready; rejects with `RedisUnreachableError` after `timeoutMs`,
   * or with `RedisRefusedError` as soon as Redis refuses the connection.
   */
  reachable(): Promise<void> {
    if (this.client.status === 'ready') return Promise.resolve();
    if (this.closed) return Promise.reject(new ToolwrightError('the job queue is closed'));
    if (this.lastError && refusesConnection(this.lastError))
      return Promise.reject(this.refusal(this.lastError));
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

  private refusal(answer: Error): RedisRefusedError {
    return new RedisRefusedError(redisAddress(this.client), answer);
  }

  /** Ends every wait (the queue is closing): none holds the process open. */
  close(): void {
    this.closed = true;
    for (const waiting of [...this.waiting])
      waiting.fail(new ToolwrightError('the job queue was closed while it waited for Redis'));
  }
}
