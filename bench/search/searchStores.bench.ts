/**
 * The SQLite FTS5 store against MiniSearch on one generated corpus of 100,000 chunks, in one run:
 * index build time and memory, then query p50/p99 for the top 10 (1,000 queries of one to three
 * words, after a warm-up). The store's figures include the worker hop (structured clone both
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
import { corpus, queries } from './generateCorpus';

const CHUNKS = 100_000;
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
  for (const query of list.slice(WARM_UP)) {
    const started = performance.now();
    hits += (await search(query)).length;
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), hits: hits / QUERIES };
}

async function sqliteFigures() {
  const store = await SqliteSearchStore.open();
  const before = await store.memory();
  const started = performance.now();
  for (let at = 0; at < CHUNKS; at += BATCH) await store.add(corpus(at, at + BATCH));
  const buildMs = performance.now() - started;
  const after = await store.memory();
  const memory = after.wasmHeapBytes + after.workerHeapUsed;
  const empty = before.wasmHeapBytes + before.workerHeapUsed;
  const timed = await timeQueries((query) => store.search({ query, maxResults: TOP }));
  const dir = await mkdtemp(join(tmpdir(), 'tw-bench-search-'));
  await store.save(join(dir, 'index.sqlite'));
  const fileBytes = (await stat(join(dir, 'index.sqlite'))).size;
  await rm(dir, { recursive: true, force: true });
  await store.close();
  return { buildMs, memory, empty, fileBytes, sqliteMemoryUsed: after.sqliteMemoryUsed, ...timed };
}

async function miniSearchFigures() {
  const before = heapUsed();
  const started = performance.now();
  const index = new MiniSearch({
    fields: ['title', 'text'],
    storeFields: ['title', 'text'],
  });
  for (let at = 0; at < CHUNKS; at += BATCH) index.addAll(corpus(at, at + BATCH));
  const buildMs = performance.now() - started;
  const memory = heapUsed() - before;
  const timed = await timeQueries((query) =>
    index
      .search(query)
      .slice(0, TOP)
      .map((hit) => ({ source: String(hit.id), title: String(hit.title), text: String(hit.text) })),
  );
  return { buildMs, memory, ...timed };
}

/** Runs both engines on the same corpus and queries. */
export async function run(): Promise<BenchResult[]> {
  const sqlite = await sqliteFigures();
  const mini = await miniSearchFigures();
  const faster = sqlite.p50 <= mini.p50;
  const smaller = sqlite.memory <= mini.memory;
  return [
    {
      name: `Search over ${CHUNKS.toLocaleString('en')} chunks: SqliteSearchStore (FTS5, worker hop) vs MiniSearch 7`,
      figures: {
        'FTS5 index build': ms(sqlite.buildMs),
        'MiniSearch index build': ms(mini.buildMs),
        'FTS5 memory (whole worker: wasm heap + its JS heap)': mb(sqlite.memory),
        'FTS5 worker when empty (wasm heap + its JS heap)': mb(sqlite.empty),
        'FTS5 SQLite allocator (MEMORY_USED)': mb(sqlite.sqliteMemoryUsed),
        'FTS5 saved index file': mb(sqlite.fileBytes),
        'MiniSearch memory (heap growth)': mb(mini.memory),
        'FTS5 query p50 / p99 (top 10)': `${ms(sqlite.p50)} / ${ms(sqlite.p99)}`,
        'MiniSearch query p50 / p99 (top 10)': `${ms(mini.p50)} / ${ms(mini.p99)}`,
        'hits per query (FTS5 / MiniSearch)': `${sqlite.hits.toFixed(1)} / ${mini.hits.toFixed(1)}`,
      },
      target: 'FTS5 query p50 ≤ MiniSearch, FTS5 memory ≤ MiniSearch',
      ok: faster && smaller,
    },
  ];
}
