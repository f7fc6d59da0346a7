/**
 * Waiting in tests for what another process or a queue does: `until` polls a condition, soon
 * at first (most waits end within a few milliseconds: a message on loopback, a cancel) and then
 * every 50 ms, and gives up after 30 s naming what it waited for, so a broken run fails instead
 * of hanging; `sleep` waits a fixed time (only to show that something does not happen).
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
  // 5 ms, then half as long again each time, up to 50 ms; the limit counts the pauses.
  for (let waited = 0, pause = 5; waited < limitMs; waited += pause, pause = nextPause(pause)) {
    if (await check()) return;
    await sleep(pause);
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The pause after `pause`: half as long again, 50 ms at most. */
const nextPause = (pause: number): number => Math.min(50, Math.ceil(pause * 1.5));
