/** `--watch` on real files: edits of a tool file, of a type it imports, new and deleted files. */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodegenSession } from '../CodegenSession';
import { loadProject } from '../collect/loadProject';
import { renderManifest } from '../emit/renderManifest';
import { tempProject } from '../__fixtures__/tempProject';
import { startWatch } from './watch';
import type { WatchUpdate, Watcher } from './watch';

// Real projects are loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

const TYPES = `export interface Filter {
  /** Text to match. */
  text: string;
}
`;
const SERVICE = `import { Tool, Param } from 'toolwright';
import type { Filter } from './types';
export class Search {
  /** Searches. */
  @Tool()
  search(@Param() filter: Filter) { return filter; }
}
`;
const OTHER = `import { Tool, Param } from 'toolwright';
export class Other {
  /** Pings. */
  @Tool()
  ping(@Param() host: string) { return host; }
}
`;

describe('codegen --watch', () => {
  const { root, cleanup } = tempProject({
    'src/types.ts': TYPES,
    'src/service.ts': SERVICE,
    'src/other.ts': OTHER,
  });
  const out = join(root, 'src/tools.manifest.ts');
  const updates: WatchUpdate[] = [];
  let waiting: ((update: WatchUpdate) => void) | undefined;
  let stderr = '';
  let watcher: Watcher;

  const nextWrite = () =>
    new Promise<WatchUpdate>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no update; stderr so far:\n${stderr}`)),
        10_000,
      );
      waiting = (update) => {
        if (!update.wrote) return;
        clearTimeout(timer);
        waiting = undefined;
        resolve(update);
      };
    });
  const coldRun = () =>
    renderManifest(
      new CodegenSession(loadProject(join(root, 'tsconfig.json'))).run().manifest,
      out,
    );

  beforeAll(() => {
    watcher = startWatch({
      session: new CodegenSession(loadProject(join(root, 'tsconfig.json'))),
      out,
      io: { stdout: () => undefined, stderr: (text) => (stderr += text), cwd: root, color: false },
      onUpdate: (update) => {
        updates.push(update);
        waiting?.(update);
      },
    });
  });
  afterAll(() => {
    watcher.close();
    cleanup();
  });

  it('writes the manifest on start', () => {
    expect(updates).toEqual([
      expect.objectContaining({ changed: [], wrote: true, tools: 2, errors: 0 }),
    ]);
    expect(readFileSync(out, 'utf8')).toBe(coldRun());
  });

  it('rewrites when a type imported by a tool changes, byte-identical to a cold run', async () => {
    const written = nextWrite();
    writeFileSync(
      join(root, 'src/types.ts'),
      TYPES.replace('text: string;', 'text: string;\n  limit?: number;'),
    );
    const update = await written;
    expect(update.changed).toEqual([join(root, 'src/types.ts')]);
    expect(readFileSync(out, 'utf8')).toContain('limit?: number;');
    expect(readFileSync(out, 'utf8')).toBe(coldRun());
  });

  it('rewrites when a JSDoc line of a tool changes', async () => {
    const written = nextWrite();
    writeFileSync(join(root, 'src/other.ts'), OTHER.replace('Pings.', 'Pings a host.'));
    await written;
    expect(readFileSync(out, 'utf8')).toContain('"description": "Pings a host."');
    expect(readFileSync(out, 'utf8')).toBe(coldRun());
  });

  it('runs once for a JSDoc edit: the manifest it writes is no change to watch', async () => {
    const before = updates.length;
    const written = nextWrite();
    writeFileSync(join(root, 'src/other.ts'), OTHER.replace('Pings.', 'Pings one host.'));
    await written;
    // The next edit's update comes after any the manifest's write would have caused.
    const next = nextWrite();
    writeFileSync(join(root, 'src/other.ts'), OTHER.replace('Pings.', 'Pings two hosts.'));
    await next;
    expect(updates.slice(before).map((update) => update.changed)).toEqual([
      [join(root, 'src/other.ts')],
      [join(root, 'src/other.ts')],
    ]);
  });

  it('picks up a new file and forgets a deleted one', async () => {
    const added = nextWrite();
    writeFileSync(
      join(root, 'src/extra.ts'),
      OTHER.replace('class Other', 'class Extra').replace('ping(', 'pong('),
    );
    expect((await added).tools).toBe(3);
    const removed = nextWrite();
    unlinkSync(join(root, 'src/extra.ts'));
    expect((await removed).tools).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(coldRun());
  });

  it('ignores a new file the tsconfig does not include', async () => {
    writeFileSync(
      join(root, 'tsconfig.json'),
      readFileSync(join(root, 'tsconfig.json'), 'utf8').replace(
        '"include"',
        '"exclude": ["src/**/*.spec.ts"],\n  "include"',
      ),
    );
    const before = updates.length;
    writeFileSync(
      join(root, 'src/extra.spec.ts'),
      OTHER.replace('class Other', 'class Spec').replace('ping(', 'spec('),
    );
    const written = nextWrite();
    writeFileSync(join(root, 'src/other.ts'), OTHER.replace('Pings.', 'Pings a host, again.'));
    expect((await written).tools).toBe(2);
    expect(updates.length).toBeGreaterThan(before);
    expect(readFileSync(out, 'utf8')).not.toContain('Spec');
    unlinkSync(join(root, 'src/extra.spec.ts'));
  });

  /** The tool file as it was before the edit that broke it. */
  let lastGood = OTHER;

  it('keeps the last good manifest while the tools have errors', async () => {
    const before = readFileSync(out, 'utf8');
    lastGood = readFileSync(join(root, 'src/other.ts'), 'utf8');
    const broken = new Promise<WatchUpdate>((resolve) => (waiting = (u) => u.errors && resolve(u)));
    writeFileSync(join(root, 'src/other.ts'), OTHER.replace('host: string', 'host: () => string'));
    expect((await broken).wrote).toBe(false);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(stderr).toContain('src/other.ts:5:17 - error TW101');
  });

  it('says so when a fix leaves the manifest as it was', async () => {
    const before = readFileSync(out, 'utf8');
    const fixed = new Promise<WatchUpdate>(
      (resolve) => (waiting = (u) => u.changed.length > 0 && !u.errors && resolve(u)),
    );
    writeFileSync(join(root, 'src/other.ts'), lastGood);
    expect((await fixed).wrote).toBe(false);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(stderr.trimEnd().split('\n').pop()).toBe(
      'Errors fixed; src/tools.manifest.ts is unchanged (2 tools).',
    );
  });
});
