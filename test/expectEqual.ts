/**
 * `expect(actual).toEqual(expected)` for loops over thousands of generated values. Jest's
 * `expect()` builds an Error and some 200 matcher closures per call, which was most of the time
 * of the suites checking tens of thousands of values; here a strict deep comparison decides
 * first, and only a difference reaches `toEqual`, so every value is still checked as before (a
 * strictly equal pair is `toEqual` too) and a failure reads exactly as `toEqual`'s.
 */
import { isDeepStrictEqual } from 'node:util';

/**
 * Asserts `actual` equals `expected` as `toEqual` does, cheaply when they are strictly equal.
 * @example
 * for (const value of fc.sample(texts, { numRuns: 20_000, seed: 31 }))
 *   expectEqual({ value, schema: accepts(schema, value) }, { value, schema: isUUID(value) });
 */
export function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
