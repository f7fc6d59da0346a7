/**
 * Side-by-side sampling, the way every ratio of the benches is measured: each side runs
 * unmeasured first (caches, JIT, the file cache), then the rounds alternate which side goes
 * first, so a machine that speeds up or slows down during the run favours none of them.
 */

/** The median of `values` (the upper one of an even count). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The median of the rounds' own ratios, `a[i] / b[i]` (two sides' samples from one `alternate`):
 * beside `median(a) / median(b)`, a figure a machine that drifts during the run moves less.
 */
export const medianRatio = (a: readonly number[], b: readonly number[]): number =>
  median(a.map((value, round) => value / b[round]!));

/** What `alternate` takes besides the sides. */
export interface AlternateOptions {
  /** Measured rounds (each side once per round). */
  rounds: number;
  /** Unmeasured rounds first; default 1. */
  warmUp?: number;
}

/**
 * Runs `sides` (each returns the figure it measured, e.g. milliseconds) `warmUp` times each
 * unmeasured, then `rounds` rounds, the order reversed every other round; each side's samples.
 * @example
 * const [plugin, plain] = await alternate([withPlugin, without], { rounds: 3 });
 * const ratio = median(plugin) / median(plain);
 */
export async function alternate(
  sides: readonly (() => number | Promise<number>)[],
  { rounds, warmUp = 1 }: AlternateOptions,
): Promise<number[][]> {
  for (let i = 0; i < warmUp; i++) for (const side of sides) await side();
  const samples: number[][] = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, k) => (round % 2 ? sides.length - 1 - k : k));
    for (const k of order) samples[k]!.push(await sides[k]!());
  }
  return samples;
}
