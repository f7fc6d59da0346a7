/**
 * The plugin in TypeScript's own watch, wired as the Nest CLI's `tsc` watch wires it (its
 * `before` hook on each program's emit), with the project's TypeScript: a JSDoc edit rewrites
 * the manifest and is one build, while an edit that changes the manifest's types (a parameter
 * added) is built again against the new file, as before (`settleWatchRewrite`). Under
 * `noEmitOnError`, where the plugin cannot write the new JavaScript beside the build, the second
 * build stays: it is what emits it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as typescript from 'typescript';
import { until } from '../../test/until';
import type { ts } from '../typescript';
import { runCli, tempProject } from '../__fixtures__/tempProject';
import { before } from './nestPlugin';

jest.setTimeout(120_000);

const SERVICE = `import { Tool, Param } from 'toolwright';
export class Clock {
  /**
   * Tells the time.
   * @param zone The time zone.
   */
  @Tool()
  now(@Param() zone: string) { return zone; }
}
`;

/** TypeScript's "File change detected. Starting incremental compilation..." */
const FILE_CHANGE_DETECTED = 6032;
/** TypeScript's "Found N errors. Watching for file changes." */
const WATCHING = [6193, 6194];

/** The toolwright the project compiles against: the decorators, and the manifest's type. */
const TOOLWRIGHT_TYPES = "export * from './decorators';\nexport type ToolManifest = object;\n";

/** A TypeScript watch of a project with the plugin, with `options` over its tsconfig's. */
function watchProject(options: typescript.CompilerOptions) {
  const project = tempProject({
    'src/clock.ts': SERVICE,
    'node_modules/toolwright/dist/src/index.d.ts': TOOLWRIGHT_TYPES,
  });
  const service = join(project.root, 'src', 'clock.ts');
  const manifest = join(project.root, 'src', 'tools.manifest.ts');
  const statuses: number[] = [];
  const count = (codes: number[]) => statuses.filter((code) => codes.includes(code)).length;
  let watch: typescript.WatchOfConfigFile<typescript.EmitAndSemanticDiagnosticsBuilderProgram>;
  // The watch's program updates (what it schedules, 250 ms after a file changes): run, pending.
  let updatesRun = 0;
  const updatesPending = new Set<unknown>();

  beforeAll(async () => {
    const host = typescript.createWatchCompilerHost(
      join(project.root, 'tsconfig.json'),
      { outDir: join(project.root, 'dist'), ...options },
      typescript.sys,
      typescript.createEmitAndSemanticDiagnosticsBuilderProgram,
      () => undefined,
      (diagnostic) => void statuses.push(diagnostic.code),
    );
    countUpdates(host);
    const createProgram = host.createProgram;
    host.createProgram = (...args) => {
      const builder = createProgram(...args);
      const emit = builder.emit.bind(builder);
      builder.emit = (target, write, token, dtsOnly, transformers) => {
        const hook = before(undefined, builder.getProgram() as unknown as ts.Program);
        const beforeHooks = [
          hook as unknown as typescript.TransformerFactory<typescript.SourceFile>,
        ];
        return emit(target, write, token, dtsOnly, { ...transformers, before: beforeHooks });
      };
      return builder;
    };
    // A project with its manifest (the watch's first build is not the case here).
    expect((await runCli(['codegen'], project.root)).code).toBe(0);
    watch = typescript.createWatchProgram(host);
    await until(() => count(WATCHING) >= 1, 'the first build');
  });
  afterAll(() => {
    watch.close();
    project.cleanup();
  });

  /** Counts the watch's program updates in `updatesRun` and `updatesPending`. */
  function countUpdates(
    host: Pick<
      typescript.WatchCompilerHost<typescript.BuilderProgram>,
      'setTimeout' | 'clearTimeout'
    >,
  ): void {
    const { setTimeout, clearTimeout } = host as Required<typeof host>;
    host.setTimeout = (callback, ms, ...args) => {
      if (args[0] !== 'timerToUpdateProgram') return setTimeout(callback, ms, ...args);
      const timer: unknown = setTimeout(
        (...given: unknown[]) => {
          updatesPending.delete(timer);
          callback(...given);
          updatesRun += 1;
        },
        ms,
        ...args,
      );
      updatesPending.add(timer);
      return timer;
    };
    host.clearTimeout = (timer) => {
      updatesPending.delete(timer);
      clearTimeout(timer);
    };
  }

  /**
   * Waits until the watch has run the update of the edit and the one of the plugin's manifest
   * write (it sees the write as a change) since `since` updates, with none pending: what a second
   * build would follow.
   */
  const settled = (since: number) =>
    until(
      () => updatesRun >= since + 2 && updatesPending.size === 0,
      "the watch's update for the manifest's write",
    );

  /** Edits the service, waits for the manifest to say `text` and the build to end. */
  async function edit(source: string, text: string): Promise<void> {
    const watching = count(WATCHING);
    writeFileSync(service, source);
    await until(
      () => readFileSync(manifest, 'utf8').includes(text) && count(WATCHING) > watching,
      `the manifest to say ${text}`,
    );
  }

  return { project, edit, count, updates: () => updatesRun, settled };
}

describe('the plugin in a TypeScript watch (as `nest start --watch` runs it)', () => {
  const { edit, count, updates, settled } = watchProject({});

  it('a description edit: one build', async () => {
    const detected = count([FILE_CHANGE_DETECTED]);
    const since = updates();
    await edit(SERVICE.replace('Tells the time.', 'Tells the time now.'), 'Tells the time now.');
    await settled(since);
    expect(count([FILE_CHANGE_DETECTED]) - detected).toBe(1);
  });

  it("a parameter's doc comment edit (in the input type too): one build", async () => {
    const detected = count([FILE_CHANGE_DETECTED]);
    const since = updates();
    const source = SERVICE.replace('Tells the time.', 'Tells the time now.');
    await edit(source.replace('The time zone.', 'An IANA time zone.'), 'An IANA time zone.');
    await settled(since);
    expect(count([FILE_CHANGE_DETECTED]) - detected).toBe(1);
  });

  it('a parameter added: built again against the new types', async () => {
    const detected = count([FILE_CHANGE_DETECTED]);
    const source = SERVICE.replace(
      '@Param() zone: string)',
      '@Param() zone: string, @Param() format: string)',
    );
    await edit(source, 'format: string;');
    await until(() => count([FILE_CHANGE_DETECTED]) - detected === 2, 'the second build');
  });
});

describe('the plugin in a TypeScript watch under noEmitOnError', () => {
  const { project, edit, count } = watchProject({ noEmitOnError: true });

  it('a description edit: built again, which emits the new manifest', async () => {
    const detected = count([FILE_CHANGE_DETECTED]);
    await edit(SERVICE.replace('Tells the time.', 'Tells the time now.'), 'Tells the time now.');
    await until(() => count([FILE_CHANGE_DETECTED]) - detected === 2, 'the second build');
    const emitted = join(project.root, 'dist', 'tools.manifest.js');
    await until(
      () => readFileSync(emitted, 'utf8').includes('Tells the time now.'),
      'the new manifest emitted',
    );
  });
});
