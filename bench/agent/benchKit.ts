/**
 * Shared pieces of the agent benchmarks: a clock, percentiles, garbage collection on demand,
 * and a small service whose tools the benchmarks call.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import 'reflect-metadata';
import { Param } from '../../src/decorators/Param';
import { Tool } from '../../src/decorators/Tool';

export type { BenchResult } from '../types';

/** Collects garbage now (the flag is set at run time, so no `--expose-gc` is needed). */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Milliseconds, high resolution. */
export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0–100) of some numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at];
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** Tools for the benchmarks: one that sleeps, one that swallows a large input, one that echoes. */
export class BenchService {
  @Tool({ description: 'Waits `ms` milliseconds.' })
  async pause(@Param('ms') ms: number): Promise<string> {
    await sleep(ms);
    return `waited ${ms}`;
  }

  @Tool({ description: 'Stores a large text.' })
  store(@Param('data') data: string): string {
    return `stored ${data.length}`;
  }

  @Tool({ description: 'Echoes a value.' })
  echo(@Param('value') value: string): string {
    return value;
  }
}
