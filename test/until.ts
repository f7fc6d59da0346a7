/**
 * Waiting in tests for what another process or a queue does: `until` polls a condition every
 * 50 ms and gives up after 30 s naming what it waited for, so a broken run fails instead of
 * hanging; `sleep` waits a fixed time (only to show that something does not happen).
 */

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it holds; throws `gave up waiting for <what>` after `limitMs` (default
 * 30 s; a build tool's first compile in a child process may take longer).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 30_000,
): Promise<void> {
  for (let waited = 0; waited < limitMs; waited += 50) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}
