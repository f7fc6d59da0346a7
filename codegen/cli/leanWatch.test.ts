/**
 * `--watch` reads the lean project as a cold run does (issue 21), and an edit that makes a tool
 * reach what it leaves out (here a global of an automatic `@types` package) is read from the
 * full project: the manifest written is at every step the one a full read gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodegenSession } from '../CodegenSession';
import { loadLeanProject, loadProject } from '../collect/loadProject';
import { renderManifest } from '../emit/renderManifest';
import { TOOLWRIGHT_DECORATORS } from '../__fixtures__/inlineProject';
import { tempProject } from '../__fixtures__/tempProject';
import { LeanWatchSession } from './leanWatchSession';
import { startWatch } from './watch';
import type { WatchUpdate, Watcher } from './watch';

jest.setTimeout(90_000);

const service = (param: string) => `import { Tool, Param } from 'toolwright';
export class Map {
  /** Centres the map. */
  @Tool()
  centre(@Param() at: ${param}) { return at; }
}
`;

describe('codegen --watch on the lean project', () => {
  const { root, cleanup } = tempProject({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'commonjs', experimentalDecorators: true },
      include: ['src'],
    }),
    'node_modules/toolwright/dist/src/index.d.ts': "export * from './decorators';\n",
    'node_modules/toolwright/dist/src/decorators/toolSurface.d.ts':
      "export * from '../decorators';\n",
    'node_modules/toolwright/dist/src/decorators.d.ts': TOOLWRIGHT_DECORATORS,
    'node_modules/@types/geo/index.d.ts':
      'declare global {\n  /** A point. */\n  interface GeoPoint { lat: number; lng: number }\n}\nexport {};\n',
    'src/map.ts': service('string'),
  });
  const tsconfig = join(root, 'tsconfig.json');
  const out = join(root, 'src/tools.manifest.ts');
  let session: LeanWatchSession;
  let watcher: Watcher;
  let waiting: ((update: WatchUpdate) => void) | undefined;
  let stderr = '';

  const nextUpdate = () =>
    new Promise<WatchUpdate>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no update; stderr:\n${stderr}`)), 10_000);
      waiting = (update) => {
        clearTimeout(timer);
        waiting = undefined;
        resolve(update);
      };
    });
  const fullRead = () =>
    renderManifest(new CodegenSession(loadProject(tsconfig)).run().manifest, out);

  beforeAll(() => {
    const { lean, full } = loadLeanProject(tsconfig);
    session = new LeanWatchSession(new CodegenSession(lean), () => new CodegenSession(full()));
    watcher = startWatch({
      session,
      out,
      io: { stdout: () => undefined, stderr: (text) => (stderr += text), cwd: root, color: false },
      onUpdate: (update) => waiting?.(update),
    });
  });
  afterAll(() => {
    watcher.close();
    cleanup();
  });

  it('starts on the lean project with the manifest a full read gives', () => {
    expect(session.readsFullProject).toBe(false);
    expect(readFileSync(out, 'utf8')).toBe(fullRead());
  });

  it('reads the full project once a tool names a global of an @types package', async () => {
    const update = nextUpdate();
    writeFileSync(join(root, 'src/map.ts'), service('GeoPoint'));
    expect(await update).toMatchObject({ wrote: true, errors: 0, tools: 1 });
    expect(session.readsFullProject).toBe(true);
    const written = readFileSync(out, 'utf8');
    expect(written).toBe(fullRead());
    expect(written).toContain('A point.');
    expect(stderr).not.toContain('TW113');
  });

  it('keeps updating from the full project', async () => {
    const update = nextUpdate();
    writeFileSync(join(root, 'src/map.ts'), service('GeoPoint, @Param() zoom: number'));
    expect(await update).toMatchObject({ wrote: true, errors: 0 });
    const written = readFileSync(out, 'utf8');
    expect(written).toBe(fullRead());
    expect(written).toContain('zoom: number');
  });
});
