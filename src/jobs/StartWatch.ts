/**
 * The bounded start of a worker: BullMQ and ioredis wait for Redis forever, retrying, so a
 * wrong URL or a Redis down at deploy would hang the start without a word. This watch reports
 * each new connection error while the start waits, and ends the wait after its time limit with
 * an error naming the address tried and the last cause.
 */
import { RedisUnreachableError } from './RedisUnreachableError';

/** Connection errors while something starts, and the time limit of that start. */
export class StartWatch {
  private lastError?: Error;
  private starting = true;

  constructor(
    /** Where Redis is tried (`redisAddress`), for the messages. */
    private readonly address: string,
    /** Where a new connection error goes while starting. */
    private readonly warn?: (message: string) => void,
  ) {}

  /** Notes a connection error; while starting, reports it unless it repeats the last one. */
  readonly note = (error: Error): void => {
    const repeated = this.lastError?.message === error.message;
    this.lastError = error;
    if (this.starting && !repeated)
      this.warn?.(`cannot reach Redis at ${this.address} yet (${error.message}); retrying`);
  };

  /** Whether the start is still waiting. */
  get waiting(): boolean {
    return this.starting;
  }

  /** `started`'s value, or `RedisUnreachableError` once `timeoutMs` passed; no timer is left. */
  async within<T>(started: Promise<T>, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new RedisUnreachableError(this.address, timeoutMs, this.lastError)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([started, late]);
    } finally {
      clearTimeout(timer);
      this.starting = false;
    }
  }
}
