/**
 * The compiler plugin over programs the project's own TypeScript (5.9, not the compiler codegen
 * bundles) built: the manifest and diagnostics the CLI's cold run gives, the manifest written
 * where the CLI writes it, TW errors handed to the host as its own diagnostics (through `emit`
 * for the Nest CLI, `addDiagnostic` for ts-patch), and a rebuild re-extracting only what changed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ts as bundled } from '@ts-morph/common';
import * as typescript from 'typescript';
import { loadProgram } from '../collect/loadProgram';
import { renderManifest } from '../emit/renderManifest';
import { runProgram } from '../runProgram';
import type { Compiler, ts } from '../typescript';
import { tempProject } from '../__fixtures__/tempProject';
import { before } from './nestPlugin';
import { PluginCodegen } from './PluginCodegen';
import { ProgramExtractor } from './ProgramExtractor';
import { settingsFile } from './settingsFile';
import { tspcTransformer } from './tspcTransformer';

jest.setTimeout(120_000);

const host = typescript as unknown as Compiler;

/** Source files by name and text, handed out again while unchanged (as a watch host does). */
type SourceCache = Map<string, typescript.SourceFile>;

/**
 * The program of `tsconfig` as the user's TypeScript builds it (reusing `cache`'s sources), its
 * files' JSDoc parsed as `jsDoc` says: in full, as the compiler's API and the Nest CLI parse it,
 * or, as the `tsc` command parses it, only where a type error could need it.
 */
function hostProgram(
  tsconfig: string,
  cache: SourceCache = new Map(),
  jsDoc: 'all' | 'as tsc' = 'all',
): ts.Program {
  const parsed = typescript.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })!;
  const compilerHost = typescript.createCompilerHost(parsed.options);
  if (jsDoc === 'as tsc')
    compilerHost.jsDocParsingMode = typescript.JSDocParsingMode.ParseForTypeErrors;
  const read = compilerHost.getSourceFile.bind(compilerHost);
  compilerHost.getSourceFile = (fileName, ...rest) => {
    const cached = cache.get(fileName);
    if (cached && cached.text === typescript.sys.readFile(fileName)) return cached;
    const file = read(fileName, ...rest);
    if (file) cache.set(fileName, file);
    return file;
  };
  return typescript.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: compilerHost,
  }) as unknown as ts.Program;
}

const SERVICE = `import { Tool, Param } from 'toolwright';
import type { Money } from './money';
export class Shop {
  /**
   * Charges a customer.
   * @param amount What to charge.
   */
  @Tool()
  charge(@Param() amount: Money, @Param() reason: 'gift' | 'sale' = 'sale') { return amount; }
}
`;
const MONEY = `/** An amount of money. */
export interface Money {
  /** In cents. @minimum 0 */
  cents: number;
}
`;
const OTHER = `import { Tool, Param } from 'toolwright';
export class Clock {
  /** Tells the time. */
  @Tool()
  now(@Param() zone: string) { return zone; }
}
`;
const BROKEN = `import { Tool, Param } from 'toolwright';
export class Broken {
  /** Takes what JSON cannot carry. */
  @Tool()
  run(@Param() callback: () => void) { return callback; }
}
`;

describe('the compiler plugin', () => {
  it("gives the samples the CLI's manifest and diagnostics, read with the project's TypeScript", () => {
    const tsconfig = join(__dirname, '..', '..', 'samples', 'tsconfig.json');
    const cli = runProgram(loadProgram(tsconfig));
    const plugin = new ProgramExtractor(host).run(hostProgram(tsconfig));
    expect(typescript.version).not.toBe(bundled.version);
    expect(plugin.manifest.tools.length).toBeGreaterThan(5);
    expect(renderManifest(plugin.manifest, 'tools.manifest.ts')).toBe(
      renderManifest(cli.manifest, 'tools.manifest.ts'),
    );
    expect(plugin.diagnostics).toEqual(cli.diagnostics.filter((d) => d.code !== 'TW113'));
  });

  it("gives the samples the CLI's manifest from a program `tsc` parsed, which skipped their JSDoc", () => {
    const tsconfig = join(__dirname, '..', '..', 'samples', 'tsconfig.json');
    const program = hostProgram(tsconfig, new Map(), 'as tsc');
    const shop = program.getSourceFiles().find((file) => file.fileName.includes('/samples/'))!;
    expect(shop.statements.some((node) => (node as { jsDoc?: unknown[] }).jsDoc)).toBe(false);
    const plugin = new ProgramExtractor(host).run(program);
    const cli = runProgram(loadProgram(tsconfig));
    expect(renderManifest(plugin.manifest, 'tools.manifest.ts')).toBe(
      renderManifest(cli.manifest, 'tools.manifest.ts'),
    );
    expect(plugin.diagnostics).toEqual(cli.diagnostics.filter((d) => d.code !== 'TW113'));
  });

  describe('in a project on disk', () => {
    const project = tempProject({
      'src/shop.ts': SERVICE,
      'src/money.ts': MONEY,
      'src/clock.ts': OTHER,
    });
    afterAll(() => project.cleanup());
    const tsconfig = join(project.root, 'tsconfig.json');
    const manifest = join(project.root, 'src', 'tools.manifest.ts');

    it("writes the CLI's manifest where the CLI writes it, from the Nest CLI's before hook", () => {
      const program = hostProgram(tsconfig);
      const transformer = before(undefined, program);
      expect(typeof transformer).toBe('function');
      const expected = renderManifest(runProgram(loadProgram(tsconfig)).manifest, manifest);
      expect(readFileSync(manifest, 'utf8')).toBe(expected);
      expect(expected).toContain('charge');
    });

    it('re-extracts only the tool files whose source or imports changed', () => {
      const extractor = new ProgramExtractor(host);
      const cache: SourceCache = new Map();
      const first = hostProgram(tsconfig, cache);
      expect(extractor.run(first).extracted.map((f) => f.split('/').pop())).toEqual([
        'clock.ts',
        'money.ts',
        'shop.ts',
        'tools.manifest.ts',
      ]);
      writeFileSync(join(project.root, 'src', 'money.ts'), MONEY.replace('In cents.', 'Cents.'));
      const second = hostProgram(tsconfig, cache);
      const rerun = extractor.run(second);
      expect(rerun.extracted.map((f) => f.split('/').pop())).toEqual(['money.ts', 'shop.ts']);
      const charge = rerun.manifest.tools.find((tool) => tool.name === 'charge')!;
      expect(charge.inputSchema.properties?.amount).toMatchObject({
        properties: { cents: { description: 'Cents.' } },
      });
    });
  });

  describe('from a program `tsc` parsed, on a member that inherits its documentation', () => {
    const project = tempProject({
      'src/contact.ts': `export interface Named {
  /** The full name. */
  name: string;
}
export class Counted {
  /**
   * How many.
   * @minimum 1
   */
  count!: number;
}
`,
      'src/person.ts': `import type { Named } from './contact';
import { Counted } from './contact';
export class Person extends Counted implements Named {
  name!: string;
  count!: number;
}
`,
      'src/people.ts': `import { Tool, Param } from 'toolwright';
import type { Person } from './person';
export class People {
  /** Adds a person. */
  @Tool()
  add(@Param() person: Person) { return person.name; }
}
`,
    });
    afterAll(() => project.cleanup());
    const tsconfig = join(project.root, 'tsconfig.json');

    it("describes it from its class's bases in other files, as the CLI does", () => {
      const plugin = new ProgramExtractor(host).run(hostProgram(tsconfig, new Map(), 'as tsc'));
      const cli = runProgram(loadProgram(tsconfig));
      expect(plugin.manifest.tools[0]!.inputSchema.properties?.person).toMatchObject({
        properties: {
          name: { description: 'The full name.' },
          count: { description: 'How many.', minimum: 1 },
        },
      });
      expect(renderManifest(plugin.manifest, 'tools.manifest.ts')).toBe(
        renderManifest(cli.manifest, 'tools.manifest.ts'),
      );
    });
  });

  describe('with an error in a tool', () => {
    const project = tempProject({ 'src/clock.ts': OTHER, 'src/broken.ts': BROKEN });
    afterAll(() => project.cleanup());
    const tsconfig = join(project.root, 'tsconfig.json');
    const formatHost = {
      getCanonicalFileName: (path: string) => path,
      getCurrentDirectory: () => project.root,
      getNewLine: () => '\n',
    };

    it('reports it through emit for the Nest CLI, at its line, and writes no manifest', () => {
      const program = hostProgram(tsconfig) as unknown as typescript.Program;
      before({ manifest: 'out/tools.json' }, program as unknown as ts.Program);
      const result = program.emit(undefined, () => undefined);
      const text = typescript.formatDiagnostics(result.diagnostics, formatHost);
      expect(text).toMatch(/^src\/broken\.ts\(5,16\): error TS101: TW101 /m);
      expect(existsSync(join(project.root, 'out', 'tools.json'))).toBe(false);
    });

    it('reports it through addDiagnostic for ts-patch, once per program', () => {
      const program = hostProgram(tsconfig);
      const added: ts.Diagnostic[] = [];
      const extras = { ts: host, addDiagnostic: (d: ts.Diagnostic) => added.push(d) };
      tspcTransformer(program, {}, extras);
      tspcTransformer(program, {}, extras);
      expect(added.map((d) => [d.code, d.file?.fileName.split('/').pop()])).toEqual([
        [101, 'broken.ts'],
      ]);
    });

    it('says so when, in a watch, a fix leaves the manifest as it was', () => {
      const said: string[] = [];
      const io = { stderr: (text: string) => void said.push(text), color: false };
      const manifest = join(project.root, 'src', 'tools.manifest.ts');
      const codegen = new PluginCodegen(host, tsconfig, manifest, io);
      const broken = join(project.root, 'src', 'broken.ts');
      const fixed = BROKEN.replace('callback: () => void', 'callback: string');
      const cache: SourceCache = new Map();
      for (const text of [fixed, BROKEN, fixed]) {
        writeFileSync(broken, text);
        codegen.run(hostProgram(tsconfig, cache));
      }
      expect(
        said.map((line) => line.replace(/ \S*tools\.manifest\.ts/, ' tools.manifest.ts')),
      ).toEqual([
        'toolwright: wrote tools.manifest.ts (2 tools).\n',
        'toolwright: tools.manifest.ts not updated: 1 error in the tools.\n',
        'toolwright: errors fixed; tools.manifest.ts is unchanged (2 tools).\n',
      ]);
    });
  });
});

describe("the plugin's codegen settings", () => {
  const project = tempProject({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { experimentalDecorators: true },
      toolwright: { validation: { whitelist: true } },
    }),
    'tsconfig.build.json': '{ "extends": "./tsconfig", "exclude": ["dist"] }',
  });
  afterAll(() => project.cleanup());

  it("are the extended tsconfig's when the build's has none (Nest's tsconfig.build.json)", () => {
    expect(settingsFile(join(project.root, 'tsconfig.build.json'))).toBe(
      join(project.root, 'tsconfig.json'),
    );
    expect(settingsFile(join(project.root, 'tsconfig.json'))).toBe(
      join(project.root, 'tsconfig.json'),
    );
  });
});
