/**
 * An unbounded async queue: the loop pushes events (from the stream and from tools finishing
 * concurrently), the consumer of `stream()` pulls them in order.
 */

/** Pushed from one side, iterated from the other; ends or fails once. */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly items: T[] = [];
  private head = 0;
  private waiter: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiter: ((error: unknown) => void) | undefined;
  private ended = false;
  private failure: { error: unknown } | undefined;

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
