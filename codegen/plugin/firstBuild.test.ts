/**
 * The first build of a project that has no manifest yet (a fresh `nest new`, a clone without the
 * generated file), the way the Nest CLI's `tsc` builder runs it with the project's own TypeScript:
 * the incremental program made first, the plugin's `before` hook, emit, then the pre-emit
 * diagnostics and the emit's. The build passes (no TS2307 for `./tools.manifest`), the app built
 * reads the manifest, and the next build, which reads the file, passes too.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as typescript from 'typescript';
import type { ts } from '../typescript';
import { tempProject } from '../__fixtures__/tempProject';
import { before } from './nestPlugin';

jest.setTimeout(120_000);

const SERVICE = `import { Tool, Param } from 'toolwright';
export class Shop {
  /** Prices an item. */
  @Tool()
  price(@Param() sku: string) { return sku.length; }
}
`;
const MAIN = `import { manifest } from './tools.manifest';
import type { ToolInputs } from './tools.manifest';
const input: ToolInputs['price'] = { sku: 'A-1' };
export const names: string[] = manifest.tools.map((tool) => tool.name);
export const sku: string = input.sku;
`;
/** The test package's declarations: the decorators, and the manifest's type (loosely). */
const TOOLWRIGHT_TYPES =
  "export * from './decorators';\n" +
  'export interface ToolManifest { version: number; tools: { name: string; [key: string]: unknown }[] }\n';
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'commonjs',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    types: [],
    outDir: 'dist',
    rootDir: 'src',
    incremental: true,
  },
  include: ['src'],
};

/** One `nest build` with the tsc builder: the diagnostics it prints (code and file). */
function nestBuild(tsconfig: string): string[] {
  const parsed = typescript.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })!;
  const program = typescript.createIncrementalProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
  });
  const transformer = before(undefined, program.getProgram() as unknown as ts.Program);
  const emitResult = program.emit(undefined, undefined, undefined, undefined, {
    before: [transformer as unknown as typescript.TransformerFactory<typescript.SourceFile>],
  });
  return typescript
    .getPreEmitDiagnostics(program as unknown as typescript.Program)
    .concat(emitResult.diagnostics)
    .map(
      (d) =>
        `TS${d.code} ${d.file?.fileName.split('/').pop()}: ${typescript.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('the first build of a project without its manifest', () => {
  const project = tempProject({
    'tsconfig.json': JSON.stringify(TSCONFIG),
    'src/shop.ts': SERVICE,
    'src/main.ts': MAIN,
    'node_modules/toolwright/dist/src/index.d.ts': TOOLWRIGHT_TYPES,
  });
  afterAll(() => project.cleanup());
  const tsconfig = join(project.root, 'tsconfig.json');
  const manifest = join(project.root, 'src', 'tools.manifest.ts');

  it('passes with the Nest CLI’s tsc builder, and the app it built reads the manifest', async () => {
    expect(existsSync(manifest)).toBe(false);
    expect(nestBuild(tsconfig)).toEqual([]);
    expect(existsSync(manifest)).toBe(true);
    const main = join(project.root, 'dist', 'main.js');
    expect(((await import(main)) as { names: string[] }).names).toEqual(['price']);
    // The next build reads the file: still no error.
    expect(nestBuild(tsconfig)).toEqual([]);
  });

  it('still reports an import of a module that does not exist', () => {
    writeFileSync(join(project.root, 'src', 'other.ts'), "import { x } from './missing';\nx;\n");
    rmSync(manifest);
    try {
      expect(nestBuild(tsconfig)).toEqual([
        "TS2307 other.ts: Cannot find module './missing' or its corresponding type declarations.",
      ]);
    } finally {
      rmSync(join(project.root, 'src', 'other.ts'));
    }
  });
});

/** One `tspc` build, as `tsc` runs it with ts-patch's compiler: checks first, then emit. */
function tspcBuild(tsconfig: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const patched = require('ts-patch/compiler') as typeof typescript;
  const parsed = patched.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...patched.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })!;
  const program = patched.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const checked = patched.getPreEmitDiagnostics(program);
  const emitted = program.emit();
  return [...checked, ...emitted.diagnostics].map(
    (d) =>
      `TS${d.code} ${d.file?.fileName.split('/').pop()}: ${patched.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
}

describe('the first tspc build of a project without its manifest', () => {
  const plugin = join(__dirname, 'index.ts');
  const project = tempProject({
    'tsconfig.json': JSON.stringify({
      ...TSCONFIG,
      compilerOptions: {
        ...TSCONFIG.compilerOptions,
        incremental: false,
        plugins: [{ transform: plugin, transformProgram: true }, { transform: plugin }],
      },
    }),
    'src/shop.ts': SERVICE,
    'src/main.ts': MAIN,
    'node_modules/toolwright/dist/src/index.d.ts': TOOLWRIGHT_TYPES,
  });
  afterAll(() => project.cleanup());
  const tsconfig = join(project.root, 'tsconfig.json');

  it('passes, and the app it built reads the manifest', async () => {
    expect(existsSync(join(project.root, 'src', 'tools.manifest.ts'))).toBe(false);
    expect(tspcBuild(tsconfig)).toEqual([]);
    const main = join(project.root, 'dist', 'main.js');
    expect(((await import(main)) as { names: string[] }).names).toEqual(['price']);
    expect(tspcBuild(tsconfig)).toEqual([]);
  });
});
