/**
 * A cold run reads a lean program first (issue 21): `toolwright` through its small surface
 * module, no automatic `@types`, no DOM lib unless the tsconfig asks. Whatever a tool reaches,
 * the manifest and the diagnostics must be those of the full program (the library path, a
 * ts-morph project of the whole tsconfig): a tool that names something the lean program
 * leaves out (a global from an `@types` package, a DOM type, an export outside the surface)
 * is read from the full program, and broken code gets the same TypeScript errors.
 */
import { join } from 'node:path';
import { openPrograms } from './collect/loadProgram';
import { loadProject } from './collect/loadProject';
import { renderManifest } from './emit/renderManifest';
import { runCodegen } from './runCodegen';
import { runColdCodegen } from './runProgram';
import { TOOLWRIGHT_DECORATORS } from './__fixtures__/inlineProject';
import { tempProject } from './__fixtures__/tempProject';

jest.setTimeout(120_000);

/** A toolwright whose entry point drags in a large SDK, with a surface of just the decorators. */
const PACKAGE = {
  'node_modules/toolwright/dist/src/index.d.ts': [
    "export * from './decorators';",
    "import type { Client } from 'heavy-sdk';",
    'export interface ToolOutcome { content: string; isError: boolean; client?: Client }',
    '',
  ].join('\n'),
  'node_modules/toolwright/dist/src/decorators/toolSurface.d.ts':
    "export * from '../decorators';\n",
  'node_modules/toolwright/dist/src/decorators.d.ts': TOOLWRIGHT_DECORATORS,
  'node_modules/heavy-sdk/package.json': '{"name":"heavy-sdk","types":"index.d.ts"}',
  'node_modules/heavy-sdk/index.d.ts': 'export interface Client { send(text: string): void }\n',
  // An @types package: loaded automatically when the tsconfig leaves `types` unset.
  'node_modules/@types/geo/index.d.ts': [
    'declare global {',
    '  /** A point on a map. */',
    '  interface GeoPoint {',
    '    /** Degrees. */',
    '    lat: number;',
    '    lng: number;',
    '  }',
    '}',
    'export {};',
    '',
  ].join('\n'),
};

const tsconfig = (compilerOptions: Record<string, unknown>) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'commonjs',
      strict: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      ...compilerOptions,
    },
    include: ['src'],
  });

const SIMPLE = `import { Tool, Param } from 'toolwright';
/** Something to find. */
export interface Query { /** @minLength 1 */ text: string; limit?: number }
export class Search {
  /** Finds things. */
  @Tool()
  find(@Param() query: Query, @Param() page = 1) { return query.text + page; }
}
`;

/** Runs the cold path and the library path on one project; returns both and the lean program. */
function bothPaths(files: Record<string, string>) {
  const project = tempProject({ ...PACKAGE, ...files });
  try {
    const path = join(project.root, 'tsconfig.json');
    const programs = openPrograms(path);
    const cold = runColdCodegen(programs);
    const full = runCodegen(loadProject(path));
    const relative = (file: string) => file.slice(project.root.length + 1);
    return {
      cold,
      full,
      leanFiles: programs.lean
        .getSourceFiles()
        .map((file) =>
          file.fileName.startsWith(project.root) ? relative(file.fileName) : file.fileName,
        ),
      codes: cold.diagnostics.map((d) => `${relative(d.file)}:${d.line} ${d.code}`),
    };
  } finally {
    project.cleanup();
  }
}

function expectSameResults({ cold, full }: ReturnType<typeof bothPaths>): void {
  expect(cold.manifest).toEqual(full.manifest);
  expect(cold.diagnostics).toEqual(full.diagnostics);
  expect(renderManifest(cold.manifest, 'tools.manifest.ts')).toBe(
    renderManifest(full.manifest, 'tools.manifest.ts'),
  );
}

describe('the lean program of a cold codegen run', () => {
  it('reads toolwright through its surface and leaves @types and the DOM out', () => {
    const run = bothPaths({ 'tsconfig.json': tsconfig({}), 'src/search.ts': SIMPLE });
    expectSameResults(run);
    expect(run.cold.manifest.tools.map((tool) => tool.name)).toEqual(['find']);
    expect(run.leanFiles).toContain('node_modules/toolwright/dist/src/decorators/toolSurface.d.ts');
    expect(run.leanFiles).not.toContain('node_modules/toolwright/dist/src/index.d.ts');
    expect(run.leanFiles).not.toContain('node_modules/heavy-sdk/index.d.ts');
    expect(run.leanFiles).not.toContain('node_modules/@types/geo/index.d.ts');
    expect(run.leanFiles.some((file) => file.endsWith('/lib.es2022.d.ts'))).toBe(true);
    expect(run.leanFiles.filter((file) => file.includes('lib.dom'))).toEqual([]);
  });

  it('describes a global of an automatic @types package as the full program does', () => {
    const run = bothPaths({
      'tsconfig.json': tsconfig({}),
      'src/map.ts': `import { Tool, Param } from 'toolwright';
export class Map {
  /** Centres the map. */
  @Tool()
  centre(@Param() at: GeoPoint) { return at.lat; }
}
`,
    });
    expectSameResults(run);
    expect(run.codes).toEqual([]);
    expect(run.cold.manifest.tools[0]!.inputSchema.properties?.at).toEqual({
      type: 'object',
      description: 'A point on a map.',
      properties: { lat: { type: 'number', description: 'Degrees.' }, lng: { type: 'number' } },
      required: ['lat', 'lng'],
      additionalProperties: false,
    });
  });

  it('describes a DOM type as the full program does when the tsconfig leaves lib unset', () => {
    const run = bothPaths({
      'tsconfig.json': tsconfig({}),
      'src/draw.ts': `import { Tool, Param } from 'toolwright';
export class Draw {
  /** Moves the pen. */
  @Tool()
  moveTo(@Param() point: DOMPointInit) { return point.x; }
}
`,
    });
    expectSameResults(run);
    expect(run.codes).toEqual([]);
    expect(Object.keys(run.cold.manifest.tools[0]!.inputSchema.properties?.point ?? {})).toContain(
      'properties',
    );
  });

  it('reads the full package when a tool names an export outside the surface', () => {
    const run = bothPaths({
      'tsconfig.json': tsconfig({ types: [] }),
      'src/log.ts': `import { Tool, Param } from 'toolwright';
import type { ToolOutcome } from 'toolwright';
export class Log {
  /** Records an outcome. */
  @Tool()
  record(@Param() outcome: Pick<ToolOutcome, 'content' | 'isError'>) { return outcome.content; }
}
`,
    });
    expectSameResults(run);
    expect(run.codes).toEqual([]);
    expect(run.cold.manifest.tools[0]!.inputSchema.properties?.outcome).toMatchObject({
      properties: { content: { type: 'string' }, isError: { type: 'boolean' } },
    });
  });

  it('reports broken code with the full program’s TypeScript errors, and a global that is nowhere', () => {
    const run = bothPaths({
      'tsconfig.json': tsconfig({}),
      'src/broken.ts': `import { Tool, Param } from 'toolwright';
export class Broken {
  /** Uses a type that does not exist. */
  @Tool()
  lookup(@Param() key: MissingKey, @Param() at: GeoPoint) { return key; }
}
`,
    });
    expectSameResults(run);
    expect(run.codes).toEqual(['src/broken.ts:5 TW113']);
    expect(run.cold.diagnostics[0]!.message).toContain("Cannot find name 'MissingKey'");
  });

  it('keeps the tsconfig’s own types and lib', () => {
    const run = bothPaths({
      'tsconfig.json': tsconfig({ types: ['geo'], lib: ['ES2022', 'DOM'] }),
      'src/search.ts': SIMPLE,
    });
    expectSameResults(run);
    expect(run.leanFiles).toContain('node_modules/@types/geo/index.d.ts');
    expect(run.leanFiles.some((file) => file.endsWith('lib.dom.d.ts'))).toBe(true);
  });
});
