/**
 * The async iterator `stream()` returns: the loop pushes events (from the stream and from
 * tools finishing concurrently), the consumer pulls them in order. Nothing starts before the
 * first `next()`, and leaving the loop early (`return()`) stops the producer. Hand-written
 * rather than an async generator: one promise per event instead of several.
 */

/** What the queue calls on its producer. */
export interface EventQueueHooks {
  /** At the first `next()`. */
  start(): void;
  /** When the consumer leaves before the end. */
  stop(): void;
}

/** Pushed from one side, iterated from the other; ends or fails once. */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private head = 0;
  private waiter: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiter: ((error: unknown) => void) | undefined;
  private started = false;
  private ended = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly hooks?: EventQueueHooks) {}

  push(item: T): void {
    if (this.ended) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = this.failWaiter = undefined;
      waiter({ value: item, done: false });
    } else this.items.push(item);
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = { error };
    this.wake();
  }

  next(): Promise<IteratorResult<T>> {
    if (!this.started) {
      this.started = true;
      this.hooks?.start();
    }
    if (this.head < this.items.length) {
      const value = this.items[this.head++];
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items.splice(0, this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiter = resolve;
      this.failWaiter = reject;
    });
  }

  /** The consumer leaves: stop the producer if it is still going, drop what is queued. */
  return(): Promise<IteratorResult<T>> {
    if (!this.ended) {
      this.ended = true;
      if (this.started) this.hooks?.stop();
    }
    this.items.length = this.head = 0;
    this.failure = undefined;
    this.wake();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private wake(): void {
    const waiter = this.waiter;
    const failWaiter = this.failWaiter;
    this.waiter = this.failWaiter = undefined;
    if (this.failure) failWaiter?.(this.failure.error);
    else waiter?.({ value: undefined, done: true });
  }
}
