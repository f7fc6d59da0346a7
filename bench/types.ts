/**
 * The contract between `bench/run.js` and every `bench/**\/*.bench.ts`: each bench file
 * exports `run(): Promise<BenchResult[]>`, and the runner prints the results.
 */

/** One measured comparison: its figures, and the target it is held to, if any. */
export interface BenchResult {
  /** What was measured, e.g. `registry.call vs plainToInstance + validate`. */
  name: string;
  /** The figures to print, by label (numbers are printed as given). */
  figures: Record<string, string | number>;
  /** The target in words, e.g. `ratio ≤ 1.5`. */
  target?: string;
  /** Whether the target was met (required when `target` is set). */
  ok?: boolean;
}

/** What a bench file exports. */
export type BenchModule = { run(): Promise<BenchResult[]> };
