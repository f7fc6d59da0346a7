/**
 * One rule for suites that need a real server (redis-server, PostgreSQL): in CI (`CI` set, as
 * `.ci/run` runs) a missing server fails the suite with a test that says what to install, so
 * a run without it can never pass; on a laptop the suite is skipped, loudly (a warning on
 * stderr, and Jest counts the skipped tests, which `.ci/run`'s summary line prints).
 */

/** True where the suites run as CI (GitHub Actions, `.ci/run` and most CI set `CI`). */
export const inCi = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false';

/**
 * `describe(title, body)` when `missing` is undefined; otherwise a failing test in CI, a
 * skipped suite (with the reason written to stderr) elsewhere.
 */
export function describeWithServer(
  missing: string | undefined,
  title: string,
  body: () => void,
): void {
  if (!missing) {
    describe(title, body);
    return;
  }
  if (inCi()) {
    describe(title, () => {
      it('has the server it needs', () => {
        throw new Error(`${missing}: CI must install it (see .ci/run)`);
      });
    });
    return;
  }
  process.stderr.write(`\n[skipped] ${title}: ${missing}\n`);
  describe.skip(title, body);
}
