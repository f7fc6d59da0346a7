/**
 * The bounded start of a worker: BullMQ and ioredis wait for Redis forever, retrying, so a
 * wrong URL or a Redis down at deploy would hang the start without a word. This watch reports
 * each new connection error while the start waits, and ends the wait after its time limit with
 * an error naming the address tried and the last cause; a Redis that refuses the connection (a
 * wrong password) ends it at once, as no wait would help.
 */
import { RedisRefusedError } from './RedisRefusedError';
import { refusesConnection } from './redisRefusal';
import { RedisUnreachableError } from './RedisUnreachableError';

/** Connection errors while something starts, and the time limit of that start. */
export class StartWatch {
  private lastError?: Error;
  private starting = true;
  /** Ends the wait with a refusal, while `within` waits. */
  private refuse?: (answer: Error) => void;

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
    const refused = refusesConnection(error);
    if (refused) this.refuse?.(error);
    if (!this.starting || repeated) return;
    this.warn?.(
      refused
        ? `Redis at ${this.address} refused the connection (${error.message})`
        : `cannot reach Redis at ${this.address} yet (${error.message}); retrying`,
    );
  };

  /** Whether the start is still waiting. */
  get waiting(): boolean {
    return this.starting;
  }

  /**
   * `started`'s value; `RedisUnreachableError` once `timeoutMs` passed, `RedisRefusedError` as
   * soon as Redis refuses the connection (noted, or as the reason `started` failed). No timer is
   * left.
   */
  async within<T>(started: Promise<T>, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new RedisUnreachableError(this.address, timeoutMs, this.lastError)),
        timeoutMs,
      );
    });
    const refused = new Promise<never>((_resolve, reject) => {
      this.refuse = (answer) => reject(new RedisRefusedError(this.address, answer));
    });
    const value = started.catch((error: Error) => {
      throw refusesConnection(error) ? new RedisRefusedError(this.address, error) : error;
    });
    try {
      return await Promise.race([value, late, refused]);
    } finally {
      clearTimeout(timer);
      this.refuse = undefined;
      this.starting = false;
    }
  }
}
