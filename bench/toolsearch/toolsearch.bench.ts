/**
 * Tool search benchmark (issue 48) on the realistic 1,010-tool project (`realisticProject.ts`),
 * three runs: (1) the tool definitions that reach the model's context in the first request with
 * tool search on (the kept tools and the search tool; deferred definitions are sent but stay out
 * of the context) ÷ every definition, and the whole `tools` parameter's bytes beside it; (2)
 * recall@5 of the client-side index (`codegen --search-index`) on the evaluation queries and on
 * the users' own requests, written by someone who saw only `toolNames.txt`; (3) the index build
 * ÷ codegen's time for the project. The queries file is `bench/toolsearch/queries.json`
 * (committed), else `$TOOLSEARCH_QUERIES`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import type { BenchResult } from '../types';
import { openPrograms } from '../../codegen/collect/loadProgram';
import { renderManifest } from '../../codegen/emit/renderManifest';
import { runColdCodegen } from '../../codegen/runProgram';
import { buildToolIndex } from '../../codegen/toolIndex/buildToolIndex';
import { deferTools } from '../../src/agent/toolSearch/deferTools';
import { resolveToolSearch } from '../../src/agent/toolSearch/resolveToolSearch';
import type { ToolManifest } from '../../src/manifest/types';
import { ToolIndex } from '../../src/toolIndex/ToolIndex';
import { toAnthropicTools } from '../../src/wire/anthropic/toAnthropicTools';
import { writeRealisticProject } from './realisticProject';

const REPO = join(__dirname, '..', '..');
const RUNS = 3;
const K = 5;

interface Labelled {
  tool: string;
  query?: string;
  request?: string;
}

function queriesFile(): string {
  const candidates = [join(__dirname, 'queries.json'), process.env.TOOLSEARCH_QUERIES];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found)
    throw new Error('no queries.json: put it in bench/toolsearch/ or set TOOLSEARCH_QUERIES');
  return found;
}

/** The share of `items` whose tool is among the first K the index answers for its text. */
async function recallAt(index: ToolIndex, items: Labelled[], text: (item: Labelled) => string) {
  let hits = 0;
  for (const item of items) if ((await index.search(text(item), K)).includes(item.tool)) hits++;
  return hits / items.length;
}

/** Bytes of the `tools` the first request sends, and of those that reach the context. */
function toolBytes(manifest: ToolManifest) {
  const all = toAnthropicTools(manifest.tools);
  const options = new Map(manifest.tools.map((tool) => [tool.name, tool.options ?? {}]));
  const search = resolveToolSearch({ kind: 'bm25' }, 'anthropic')!;
  const sent = deferTools(all, search, { get: (name) => ({ options: options.get(name) ?? {} }) });
  const loaded = sent.filter((tool) => !(tool as { defer_loading?: boolean }).defer_loading);
  const bytes = (tools: readonly ToolUnion[]) => Buffer.byteLength(JSON.stringify(tools));
  return { all: bytes(all), sent: bytes(sent), loaded: bytes(loaded), loadedCount: loaded.length };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** Runs the benchmark. */
export async function run(): Promise<BenchResult[]> {
  const root = join(REPO, '.bench-tmp', 'toolsearch');
  const tsconfig = writeRealisticProject(root, { toolwright: REPO });
  const queriesPath = queriesFile();
  const labelled = JSON.parse(readFileSync(queriesPath, 'utf8')) as {
    queries: Labelled[];
    requests: Labelled[];
  };
  const results: BenchResult[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = performance.now();
    const programs = openPrograms(tsconfig);
    const { manifest, diagnostics } = runColdCodegen(programs);
    renderManifest(manifest, join(root, 'src', 'tools.manifest.ts'));
    const codegenMs = performance.now() - started;
    if (diagnostics.some((d) => d.severity === 'error')) throw new Error('codegen failed');
    const indexStarted = performance.now();
    const file = JSON.stringify(
      // As `codegen --search-index` reads the sources: the files codegen's program parsed.
      buildToolIndex(manifest, (path) => programs.lean.getSourceFile(resolve(root, path))),
    );
    const indexMs = performance.now() - indexStarted;
    const index = await ToolIndex.fromFile(JSON.parse(file));
    const bytes = toolBytes(manifest);
    const queryRecall = await recallAt(index, labelled.queries, (q) => q.query ?? '');
    const requestRecall = await recallAt(
      index,
      labelled.requests,
      (q) => q.request ?? q.query ?? '',
    );
    const contextRatio = bytes.loaded / bytes.all;
    const buildRatio = indexMs / codegenMs;
    results.push({
      name: `tool search, run ${run}/${RUNS} (${manifest.tools.length} tools)`,
      figures: {
        'all definitions, bytes': bytes.all,
        'in context with tool search (kept + search tool), bytes': bytes.loaded,
        'in context ÷ all definitions': round(contextRatio, 4),
        'whole tools parameter sent (deferred included), bytes': bytes.sent,
        'index file, bytes': Buffer.byteLength(file),
        [`recall@${K}, ${labelled.queries.length} queries`]: round(queryRecall),
        [`recall@${K}, ${labelled.requests.length} user requests`]: round(requestRecall),
        'codegen ms': Math.round(codegenMs),
        'index build ms': Math.round(indexMs),
        'index build ÷ codegen': round(buildRatio),
        queries: queriesPath,
      },
      target:
        'context ≤ 5% of all definitions, recall@5 on queries ≥ 0.9, index build ≤ 10% of codegen',
      ok: contextRatio <= 0.05 && queryRecall >= 0.9 && buildRatio <= 0.1,
    });
  }
  return results;
}
