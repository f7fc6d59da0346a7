/**
 * Lets a run end promptly on abort: the promise it awaits loses the race against the signal,
 * whether or not the work behind it honours the signal.
 */
import { AbortError } from '../errors/AbortError';

/** Resolves as `work` does, or rejects with `AbortError` as soon as `signal` fires. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new AbortError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new AbortError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
