/**
 * The second thread of a one-shot run (`toolwright codegen`, `--check`): a worker started before
 * the main thread loads the compiler, so both load it at once, each then building a program of
 * half the tool files (see `splitRoots`) and extracting them; the main thread joins the two
 * halves into one manifest. A project of many tool files is read in about the time of half of
 * it; the manifest is the same byte for byte as one thread's. This module loads no compiler: it
 * is what runs before the main thread's does.
 */
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileExtraction } from '../extractToolFile';
import type { CodegenOptions } from '../manifestPaths';

/** What the main thread asks of the helper: the share's program roots and the files to extract. */
export interface ShareRequest {
  tsconfig: string;
  roots: string[];
  extract: string[];
  options: CodegenOptions;
}

/** One extracted file as it crosses threads (its tools and problems; no syntax nodes). */
export type SharedFile = [string, Pick<FileExtraction, 'tools' | 'diagnostics'>];

/** The helper's answer: its files, or why it could not extract them. */
export type ShareReply = { files: SharedFile[] } | { error: string };

/** The helper's module beside this one (`.js` when built, `.ts` under ts-node or jest). */
const WORKER = join(__dirname, `shareWorker${extname(__filename)}`);

/** How many tool files the quick look counts before it stops: enough to decide. */
const ENOUGH_FILES = 16;

/** Whether the project beside `tsconfig` seems to have enough source files to share (no compiler). */
function worthSharing(tsconfig: string): boolean {
  let count = 0;
  let budget = 2_000;
  const visit = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (count >= ENOUGH_FILES || --budget < 0) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) visit(join(dir, entry.name));
      else if (/\.(c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) count++;
    }
  };
  visit(dirname(tsconfig));
  return count >= ENOUGH_FILES;
}

/** A started helper thread. */
export class CodegenHelper {
  /** The files the helper extracted (those of its share), once it has answered. */
  readonly extracted: string[] = [];
  private readonly reply: Promise<ShareReply>;

  constructor(private readonly worker: Worker) {
    worker.unref();
    this.reply = new Promise((resolve) => {
      worker.once('message', (reply: ShareReply) => resolve(reply));
      worker.once('error', (error) => resolve({ error: error.message }));
      worker.once('exit', (code) => resolve({ error: `the helper thread exited (${code})` }));
    });
  }

  /** Extracts a share on the helper thread; resolves its files, or undefined on any failure. */
  async extract(request: ShareRequest): Promise<SharedFile[] | undefined> {
    this.worker.postMessage(request);
    const reply = await this.reply;
    void this.worker.terminate();
    if ('error' in reply) return undefined;
    this.extracted.push(...reply.files.map(([name]) => name));
    return reply.files;
  }

  /** Ends the thread unused. */
  stop(): void {
    void this.worker.terminate();
  }
}

/**
 * Starts the helper for a one-shot run of `tsconfig` when it can pay off: `threads` is not 1,
 * the machine has two cores or more, and the project has enough source files.
 * @example
 * const helper = startCodegenHelper(tsconfig, 2);
 */
export function startCodegenHelper(
  tsconfig: string,
  threads: number | undefined,
): CodegenHelper | undefined {
  if (threads === 1 || (threads === undefined && availableParallelism() < 2)) return undefined;
  if (!existsSync(WORKER) || !existsSync(tsconfig) || !worthSharing(tsconfig)) return undefined;
  // Sources (tests, ts-node) run the worker's TypeScript through ts-node, as the parent does.
  const worker = WORKER.endsWith('.ts')
    ? new Worker(
        `require('ts-node').register({ transpileOnly: true, project: ${JSON.stringify(
          join(__dirname, '..', '..', 'tsconfig.json'),
        )} }); require(${JSON.stringify(WORKER)});`,
        { eval: true },
      )
    : new Worker(WORKER);
  return new CodegenHelper(worker);
}
