/** How the matrix's fixture tools wait for their signal, bounded. */

/**
 * Waits until `signal` aborts, `ms` at most; whether it aborted. A broken limit then fails its
 * cell rather than hanging the suite.
 */
export function untilAborted(signal: AbortSignal, ms: number): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
