/**
 * A counting semaphore: at most `limit` tasks run at once, the rest wait in order. Bounds the
 * calls of one turn (`concurrency`).
 */

/** Runs a task when a slot is free. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** A limiter of `limit` slots (`Infinity`: no bound). */
export function createLimiter(limit: number): Limiter {
  if (!Number.isFinite(limit)) return (task) => task();
  const slots = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
