/**
 * The SQLite FTS5 store against the bare engine (`BareFts5`: the same corpus in a plain FTS5
 * table) and MiniSearch on one generated corpus, at 20,000 and 100,000 chunks, in one run, side
 * by side so that a busy machine weighs on every side alike: the store and the bare engine are
 * built in alternating rounds (the order reversed every other round, medians compared), and the
 * 1,000 queries of one to three words (top 10, after a warm-up) go to the three in turn, query
 * by query. A build times the `add` calls only, not the corpus's generation. Wall time and,
 * beside it, the process's CPU time (every thread, the worker's too), which a busy machine
 * disturbs much less. The store's figures include the worker hop (structured clone both ways)
 * and `snippet()`; MiniSearch returns its stored fields. Memory after a collection: for
 * MiniSearch the growth of this process's heap; for the store the whole worker, counted against
 * it: its wasm heap (SQLite's whole heap, free pages and the empty database included) plus the
 * worker's own JavaScript heap. The saved index file's size is printed too. Each target is a
 * result of its own, printed with its measured ratio and met / NOT met.
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
import type { SearchDocument } from '../../src/search/SearchDocument';
import type { SearchHit } from '../../src/search/types';
import { alternate, median } from '../alternate';
import type { BenchResult } from '../types';
import { BareFts5 } from './bareFts5';
import { corpus, queries } from './generateCorpus';

const SIZES = [20_000, 100_000];
const BATCH = 5_000;
/** Measured builds of each side per size (the first size also builds each once unmeasured). */
const BUILD_ROUNDS = 3;
const QUERIES = 1_000;
const WARM_UP = 50;
const TOP = 10;

// Before any worker starts, so the worker's `stats` can collect garbage too.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

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

/** Wall and CPU milliseconds of a build: the `add` calls only, the corpus made outside them. */
interface BuildTime {
  wall: number;
  cpu: number;
}

/** Feeds `chunks` of the corpus to `add` batch by batch; the time spent in `add`. */
async function timedBuild(
  chunks: number,
  add: (documents: SearchDocument[]) => unknown,
): Promise<BuildTime> {
  const time = { wall: 0, cpu: 0 };
  for (let at = 0; at < chunks; at += BATCH) {
    const documents = corpus(at, at + BATCH);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await add(documents);
    time.wall += performance.now() - started;
    time.cpu += cpuMs(cpuStarted);
  }
  return time;
}

/**
 * A side of the build rounds: each round builds a fresh index (the one before closed first) and
 * keeps it, so the last one built is queried.
 */
function builder<T extends { close(): Promise<void> }>(
  chunks: number,
  open: () => Promise<T>,
  add: (index: T, documents: SearchDocument[]) => Promise<void>,
) {
  const side = { index: undefined as T | undefined, cpu: [] as number[] };
  const build = async (): Promise<number> => {
    await side.index?.close();
    side.index = undefined;
    const index = await open();
    const time = await timedBuild(chunks, (documents) => add(index, documents));
    side.index = index;
    side.cpu.push(time.cpu);
    return time.wall;
  };
  return { side, build };
}

/** A search side: query by query of one list, its CPU times and the hits it returned. */
function querySide(search: (query: string) => Promise<SearchHit[]> | SearchHit[]) {
  const list = queries(QUERIES + WARM_UP);
  const side = { cpu: [] as number[], hits: 0, next: 0 };
  const run = async (): Promise<number> => {
    const query = list[side.next++ % list.length]!;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    side.hits += (await search(query)).length;
    const wall = performance.now() - started;
    side.cpu.push(cpuMs(cpuStarted));
    return wall;
  };
  return { side, run };
}

/** MiniSearch built once: its build time and heap growth. */
async function miniSearchIndex(chunks: number) {
  const before = heapUsed();
  const index = new MiniSearch({ fields: ['title', 'text'], storeFields: ['title', 'text'] });
  const time = await timedBuild(chunks, (documents) => index.addAll(documents));
  const memory = heapUsed() - before;
  const search = (query: string): SearchHit[] =>
    index
      .search(query)
      .slice(0, TOP)
      .map((hit) => ({ source: String(hit.id), title: String(hit.title), text: String(hit.text) }));
  return { search, memory, time };
}

async function savedSize(store: SqliteSearchStore): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'tw-bench-search-'));
  try {
    await store.save(join(dir, 'index.sqlite'));
    return (await stat(join(dir, 'index.sqlite'))).size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One target as a result of its own: its measured ratio, and whether it holds. */
function targetResult(chunks: number, label: string, value: number, max: number): BenchResult {
  return {
    name: `${chunks.toLocaleString('en')} chunks: ${label}`,
    figures: {},
    target: `≤ ${max}×, measured ${value.toFixed(2)}×`,
    ok: value <= max,
  };
}

/** The three engines at one size: the figures, then one result per target. */
async function atSize(chunks: number, first: boolean): Promise<BenchResult[]> {
  const store = builder(
    chunks,
    () => SqliteSearchStore.open(),
    (s, docs) => s.add(docs),
  );
  const bare = builder(
    chunks,
    () => BareFts5.open(),
    (b, docs) => b.add(docs),
  );
  const [storeWall, bareWall] = await alternate([store.build, bare.build], {
    rounds: BUILD_ROUNDS,
    warmUp: first ? 1 : 0,
  });
  const sqlite = store.side.index!;
  const bareIndex = bare.side.index!;
  const mini = await miniSearchIndex(chunks);
  const emptyStore = await SqliteSearchStore.open();
  const empty = await emptyStore.memory();
  await emptyStore.close();
  const after = await sqlite.memory();
  const memory = after.wasmHeapBytes + after.workerHeapUsed;
  const bareMemory = await bareIndex.memory();

  const sides = [
    querySide((query) => sqlite.search({ query, maxResults: TOP })),
    querySide((query) => bareIndex.search(query, TOP)),
    querySide(mini.search),
  ];
  const times = await alternate(
    sides.map(({ run }) => run),
    { rounds: QUERIES, warmUp: WARM_UP },
  );
  const [storeQ, bareQ, miniQ] = sides.map(({ side }, k) => ({
    p50: percentile(times[k]!, 50),
    p99: percentile(times[k]!, 99),
    cpuP50: percentile(side.cpu.slice(WARM_UP), 50),
    hits: side.hits / (QUERIES + WARM_UP),
  }));
  const fileBytes = await savedSize(sqlite);
  await sqlite.close();
  await bareIndex.close();

  const build = median(storeWall) / median(bareWall);
  const buildCpu = median(store.side.cpu) / median(bare.side.cpu);
  const rounds = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
  const figures: BenchResult = {
    name: `Search over ${chunks.toLocaleString('en')} chunks: SqliteSearchStore (FTS5, worker hop) vs bare FTS5 vs MiniSearch 7, side by side`,
    figures: {
      'FTS5 store index build, median (rounds, s)': `${ms(median(storeWall))} (${rounds(storeWall)})`,
      'bare FTS5 index build, median (rounds, s)': `${ms(median(bareWall))} (${rounds(bareWall)})`,
      'MiniSearch index build (once)': ms(mini.time.wall),
      'build ÷ bare FTS5, medians (wall / CPU)': `${build.toFixed(2)}× / ${buildCpu.toFixed(2)}×`,
      'FTS5 memory (whole worker: wasm heap + its JS heap)': mb(memory),
      'FTS5 worker when empty (wasm heap + its JS heap)': mb(
        empty.wasmHeapBytes + empty.workerHeapUsed,
      ),
      'FTS5 SQLite allocator (MEMORY_USED)': mb(after.sqliteMemoryUsed),
      'FTS5 saved index file': mb(fileBytes),
      'bare FTS5 memory (whole worker)': mb(bareMemory),
      'MiniSearch memory (heap growth)': mb(mini.memory),
      'memory ÷ MiniSearch': ratio(memory, mini.memory),
      'FTS5 query p50 / p99 (top 10)': `${ms(storeQ.p50)} / ${ms(storeQ.p99)}`,
      'bare FTS5 query p50 / p99 (top 10)': `${ms(bareQ.p50)} / ${ms(bareQ.p99)}`,
      'MiniSearch query p50 / p99 (top 10)': `${ms(miniQ.p50)} / ${ms(miniQ.p99)}`,
      'p50 ÷ bare FTS5 / ÷ MiniSearch': `${ratio(storeQ.p50, bareQ.p50)} / ${ratio(storeQ.p50, miniQ.p50)}`,
      'query CPU p50 (FTS5 / bare / MiniSearch)': `${ms(storeQ.cpuP50)} / ${ms(bareQ.cpuP50)} / ${ms(miniQ.cpuP50)}`,
      'hits per query (FTS5 / bare / MiniSearch)': `${storeQ.hits.toFixed(1)} / ${bareQ.hits.toFixed(1)} / ${miniQ.hits.toFixed(1)}`,
    },
  };
  const targets = [
    targetResult(chunks, 'query p50 ÷ bare FTS5', storeQ.p50 / bareQ.p50, 1.2),
    targetResult(chunks, 'memory ÷ MiniSearch', memory / mini.memory, 0.5),
  ];
  if (chunks >= 100_000) {
    targets.unshift(targetResult(chunks, 'index build ÷ bare FTS5 (wall, medians)', build, 1.5));
    targets.push(targetResult(chunks, 'query p50 ÷ MiniSearch', storeQ.p50 / miniQ.p50, 1));
  }
  return [figures, ...targets];
}

/** Runs the three engines on the same corpus and queries, at each size. */
export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [i, chunks] of SIZES.entries()) results.push(...(await atSize(chunks, i === 0)));
  return results;
}
