/**
 * How many generated cases a property test runs. `npm test` (the quick unit run) runs a tenth of
 * each test's full count, never fewer than 100 (or the full count when smaller); everything
 * else runs the full count: `npm run test:all`, `.ci/run`, a plain `npx jest <file>`.
 * TOOLWRIGHT_PROPERTY_RUNS=full or =quick picks one either way.
 *
 * The seeds stay as each test sets them: fast-check draws a seeded run's cases in one sequence,
 * so the quick run checks the first cases of the full run, and a failure of either reproduces
 * with the same seed (fast-check prints the seed of an unseeded `fc.assert` in its report).
 */

/** Whether this run checks every property's full count of cases. */
export const FULL_PROPERTY_RUNS: boolean =
  process.env.TOOLWRIGHT_PROPERTY_RUNS === 'full' ||
  (process.env.TOOLWRIGHT_PROPERTY_RUNS !== 'quick' && process.env.npm_lifecycle_event !== 'test');

/** The smallest count the quick run cuts a property to. */
const QUICK_MINIMUM = 100;

/**
 * The number of cases to run for a property whose full count is `full`.
 * @example
 * for (const value of fc.sample(texts, { numRuns: propertyRuns(20_000), seed: 31 })) check(value);
 */
export function propertyRuns(full: number): number {
  if (FULL_PROPERTY_RUNS) return full;
  return Math.min(full, Math.max(QUICK_MINIMUM, Math.round(full / 10)));
}

/** A count as the test names print it: 20000 → "20,000". */
export const casesText = (count: number): string => count.toLocaleString('en-US');
