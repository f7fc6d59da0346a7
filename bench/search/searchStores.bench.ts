/**
 * The SQLite FTS5 store against the bare engine (`BareFts5`: the same corpus in a plain FTS5
 * table) and MiniSearch on one generated corpus, at 20,000 and 100,000 chunks, in one run: index
 * build time and memory, then query p50/p99 for the top 10 (1,000 queries of one to three
 * words, after a warm-up). Wall time and, beside it, the process's CPU time (every thread, the
 * worker's too), which a busy machine disturbs much less. The store's figures include the worker hop (structured clone both
 * ways) and `snippet()`; MiniSearch returns its stored fields. Memory after a collection: for
 * MiniSearch the growth of this process's heap; for the store the whole worker, counted against
 * it: its wasm heap (SQLite's whole heap, free pages and the empty database included) plus the
 * worker's own JavaScript heap. The saved index file's size is printed too.
 * Run with `npm run bench -- search`.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { SqliteSearchStore } from '../../src/search/SqliteSearchStore';
import type { SearchHit } from '../../src/search/types';
import type { BenchResult } from '../types';
import { BareFts5 } from './bareFts5';
import { corpus, queries } from './generateCorpus';

const SIZES = [20_000, 100_000];
const BATCH = 5_000;
const QUERIES = 1_000;
const WARM_UP = 50;
const TOP = 10;

// Before any worker starts, so the worker's `stats` can collect garbage too.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** CPU milliseconds of the whole process (every thread: the worker's too) since `since`. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Milliseconds of each query, after a warm-up. */
async function timeQueries(search: (query: string) => Promise<SearchHit[]> | SearchHit[]) {
  const list = queries(QUERIES + WARM_UP);
  let hits = 0;
  for (const query of list.slice(0, WARM_UP)) await search(query);
  const times: number[] = [];
  const cpu: number[] = [];
  for (const query of list.slice(WARM_UP)) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    hits += (await search(query)).length;
    times.push(performance.now() - started);
    cpu.push(cpuMs(cpuStarted));
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuP50: percentile(cpu, 50),
    hits: hits / QUERIES,
  };
}

async function sqliteFigures(CHUNKS: number) {
  const store = await SqliteSearchStore.open();
  const before = await store.memory();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let at = 0; at < CHUNKS; at += BATCH) await store.add(corpus(at, at + BATCH));
  const buildMs = performance.now() - started;
  const buildCpuMs = cpuMs(cpuStarted);
  const after = await store.memory();
  const memory = after.wasmHeapBytes + after.workerHeapUsed;
  const empty = before.wasmHeapBytes + before.workerHeapUsed;
  const timed = await timeQueries((query) => store.search({ query, maxResults: TOP }));
  const dir = await mkdtemp(join(tmpdir(), 'tw-bench-search-'));
  await store.save(join(dir, 'index.sqlite'));
  const fileBytes = (await stat(join(dir, 'index.sqlite'))).size;
  await rm(dir, { recursive: true, force: true });
  await store.close();
  return {
    buildMs,
    buildCpuMs,
    memory,
    empty,
    fileBytes,
    sqliteMemoryUsed: after.sqliteMemoryUsed,
    ...timed,
  };
}

async function miniSearchFigures(CHUNKS: number) {
  const before = heapUsed();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const index = new MiniSearch({
    fields: ['title', 'text'],
    storeFields: ['title', 'text'],
  });
  for (let at = 0; at < CHUNKS; at += BATCH) index.addAll(corpus(at, at + BATCH));
  const buildMs = performance.now() - started;
  const buildCpuMs = cpuMs(cpuStarted);
  const memory = heapUsed() - before;
  const timed = await timeQueries((query) =>
    index
      .search(query)
      .slice(0, TOP)
      .map((hit) => ({ source: String(hit.id), title: String(hit.title), text: String(hit.text) })),
  );
  return { buildMs, buildCpuMs, memory, ...timed };
}

async function bareFigures(CHUNKS: number) {
  const bare = await BareFts5.open();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let at = 0; at < CHUNKS; at += BATCH) await bare.add(corpus(at, at + BATCH));
  const buildMs = performance.now() - started;
  const buildCpuMs = cpuMs(cpuStarted);
  const memory = await bare.memory();
  const timed = await timeQueries((query) => bare.search(query, TOP));
  await bare.close();
  return { buildMs, buildCpuMs, memory, ...timed };
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** The three engines at one size. */
async function atSize(chunks: number): Promise<BenchResult> {
  const sqlite = await sqliteFigures(chunks);
  const bare = await bareFigures(chunks);
  const mini = await miniSearchFigures(chunks);
  const checks = [
    sqlite.p50 <= 1.2 * bare.p50,
    sqlite.memory <= 0.5 * mini.memory,
    chunks < 100_000 || sqlite.p50 <= mini.p50,
    chunks < 100_000 || sqlite.buildMs <= 1.5 * bare.buildMs,
  ];
  return {
    name: `Search over ${chunks.toLocaleString('en')} chunks: SqliteSearchStore (FTS5, worker hop) vs bare FTS5 vs MiniSearch 7`,
    figures: {
      'FTS5 index build': ms(sqlite.buildMs),
      'bare FTS5 index build': ms(bare.buildMs),
      'MiniSearch index build': ms(mini.buildMs),
      'build ÷ bare FTS5 (wall / CPU)': `${ratio(sqlite.buildMs, bare.buildMs)} / ${ratio(sqlite.buildCpuMs, bare.buildCpuMs)}`,
      'FTS5 memory (whole worker: wasm heap + its JS heap)': mb(sqlite.memory),
      'FTS5 worker when empty (wasm heap + its JS heap)': mb(sqlite.empty),
      'FTS5 SQLite allocator (MEMORY_USED)': mb(sqlite.sqliteMemoryUsed),
      'FTS5 saved index file': mb(sqlite.fileBytes),
      'bare FTS5 memory (whole worker)': mb(bare.memory),
      'MiniSearch memory (heap growth)': mb(mini.memory),
      'memory ÷ MiniSearch': ratio(sqlite.memory, mini.memory),
      'FTS5 query p50 / p99 (top 10)': `${ms(sqlite.p50)} / ${ms(sqlite.p99)}`,
      'bare FTS5 query p50 / p99 (top 10)': `${ms(bare.p50)} / ${ms(bare.p99)}`,
      'MiniSearch query p50 / p99 (top 10)': `${ms(mini.p50)} / ${ms(mini.p99)}`,
      'p50 ÷ bare FTS5 / ÷ MiniSearch': `${ratio(sqlite.p50, bare.p50)} / ${ratio(sqlite.p50, mini.p50)}`,
      'query CPU p50 (FTS5 / bare / MiniSearch)': `${ms(sqlite.cpuP50)} / ${ms(bare.cpuP50)} / ${ms(mini.cpuP50)}`,
      'hits per query (FTS5 / bare / MiniSearch)': `${sqlite.hits.toFixed(1)} / ${bare.hits.toFixed(1)} / ${mini.hits.toFixed(1)}`,
    },
    target:
      chunks < 100_000
        ? 'p50 ≤ 1.2× bare FTS5, memory ≤ 0.5× MiniSearch'
        : 'build ≤ 1.5× bare FTS5, p50 ≤ 1.2× bare FTS5 and ≤ MiniSearch, memory ≤ 0.5× MiniSearch',
    ok: checks.every(Boolean),
  };
}

/** Runs the three engines on the same corpus and queries, at each size. */
export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const chunks of SIZES) results.push(await atSize(chunks));
  return results;
}
