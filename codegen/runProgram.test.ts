/**
 * The cold CLI path (`loadProgram` + `runProgram`, no ts-morph) against the library path
 * (`loadProject` + `runCodegen`, a ts-morph `Project`): the same manifest and the same
 * diagnostics, on the samples and on a project on disk that exercises module resolution,
 * `paths`, globals, class-validator DTOs and TypeScript errors.
 */
import { join } from 'node:path';
import { loadProgram } from './collect/loadProgram';
import { loadProject } from './collect/loadProject';
import { renderManifest } from './emit/renderManifest';
import { runCodegen } from './runCodegen';
import { runProgram } from './runProgram';
import { runCli, tempProject } from './__fixtures__/tempProject';

jest.setTimeout(120_000);

const bothLoaders = (tsconfig: string) => ({
  viaProject: runCodegen(loadProject(tsconfig)),
  direct: runProgram(loadProgram(tsconfig)),
});

const FILES = {
  // No moduleResolution and no strict: the TypeScript 5 defaults (node10, not strict) apply.
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'commonjs',
      experimentalDecorators: true,
      skipLibCheck: true,
      baseUrl: '.',
      paths: { '@shared/*': ['shared/*'] },
    },
    include: ['src'],
  }),
  'shared/money.ts': `/** An amount of money. */
export interface Money {
  /** In cents. @minimum 0 */
  cents: number;
  currency: Currency;
}
`,
  'src/globals.d.ts': `export {};
declare global {
  /** An ISO currency. */
  type Currency = 'EUR' | 'USD';
}
`,
  // TypeScript 5 resolves `module: commonjs` like node10 (`types`), TypeScript 6 like a bundler (`exports`).
  'node_modules/units/package.json': JSON.stringify({
    name: 'units',
    types: './legacy.d.ts',
    exports: { '.': { types: './modern.d.ts' } },
  }),
  'node_modules/units/legacy.d.ts': "export type Unit = 'cm' | 'in';\n",
  'node_modules/units/modern.d.ts': "export type Unit = 'mm';\n",
  'src/order.dto.ts': `import { IsInt, IsOptional, MaxLength, Min } from 'class-validator';
export class OrderDto {
  @IsInt() @Min(1) quantity!: number;
  @IsOptional() @MaxLength(40) note?: string;
}
`,
  'src/service.ts': `import { Tool, Param, Params } from 'toolwright';
import type { Money } from '@shared/money';
import type { Unit } from 'units';
import { OrderDto } from './order.dto';
export class Shop {
  /**
   * Charges a customer.
   * @param amount What to charge.
   */
  @Tool()
  charge(@Param() amount: Money, @Param() reason: 'gift' | 'sale' = 'sale') { return amount; }

  /** Places an order. */
  @Tool({ name: 'place_order' })
  place(@Params() order: OrderDto) { return order; }

  /** Anything goes. */
  @Tool()
  echo(@Param() value: unknown) { return value; }

  /** Measures, in a unit. */
  @Tool()
  measure(@Param() unit: Unit, @Param() label) { return unit + label; }
}
`,
  'src/broken.ts': `import { Tool, Param } from 'toolwright';
export class Broken {
  /** Refers to a type that does not exist. */
  @Tool()
  lookup(@Param() key: MissingKey) { return key; }

  /** Same name as Shop's. */
  @Tool({ name: 'echo' })
  again(@Param() id: string) { return id; }
}
`,
};

describe('the cold codegen path reads what a ts-morph project reads', () => {
  it('gives the samples the same manifest and diagnostics', () => {
    const { viaProject, direct } = bothLoaders(join(__dirname, '..', 'samples', 'tsconfig.json'));
    expect(direct.manifest.tools.length).toBeGreaterThan(5);
    expect(direct.manifest).toEqual(viaProject.manifest);
    expect(direct.diagnostics).toEqual(viaProject.diagnostics);
  });

  describe('on a project with paths, globals, DTOs and errors', () => {
    const project = tempProject(FILES);
    afterAll(() => project.cleanup());
    const tsconfig = join(project.root, 'tsconfig.json');

    it('gives the same manifest and diagnostics, byte for byte once rendered', () => {
      const { viaProject, direct } = bothLoaders(tsconfig);
      expect(direct.manifest).toEqual(viaProject.manifest);
      expect(direct.diagnostics).toEqual(viaProject.diagnostics);
      expect(renderManifest(direct.manifest, 'tools.manifest.ts')).toBe(
        renderManifest(viaProject.manifest, 'tools.manifest.ts'),
      );
    });

    it('resolves what each part of the project needs', () => {
      const { manifest, diagnostics } = runProgram(loadProgram(tsconfig));
      expect(manifest.tools.map((tool) => tool.name)).toEqual([
        'lookup',
        'echo',
        'charge',
        'place_order',
        'measure',
      ]);
      const measure = manifest.tools.find((tool) => tool.name === 'measure')!;
      expect(measure.inputSchema.properties?.unit).toEqual({ type: 'string', enum: ['cm', 'in'] });
      const charge = manifest.tools.find((tool) => tool.name === 'charge')!;
      expect(charge.inputSchema.properties).toMatchObject({
        amount: {
          type: 'object',
          description: 'What to charge.',
          properties: {
            cents: { type: 'number', minimum: 0 },
            currency: { enum: ['EUR', 'USD'] },
          },
        },
        reason: { enum: ['gift', 'sale'], default: 'sale' },
      });
      const place = manifest.tools.find(
        (tool) => tool.target.class === 'Shop' && tool.name === 'place_order',
      )!;
      expect(place.inputSchema).toMatchObject({
        properties: { quantity: { type: 'integer', minimum: 1 }, note: { type: 'string' } },
        required: ['quantity'],
      });
      const codes = diagnostics.map(
        (d) => `${d.file.slice(project.root.length + 1)}:${d.line} ${d.code}`,
      );
      // any/unknown warn (TW201), the unknown type is TypeScript's error (TW113, reported once:
      // not also as any), Shop's echo, after Broken's in source order, is the duplicate (TW107).
      expect(codes).toEqual([
        'src/broken.ts:5 TW113',
        'src/service.ts:19 TW107',
        'src/service.ts:19 TW201',
        // An untyped parameter: a warning, and no TypeScript error since strict is off in TS 5.
        'src/service.ts:23 TW201',
      ]);
      expect(diagnostics.find((d) => d.code === 'TW113')?.message).toContain(
        "Cannot find name 'MissingKey'",
      );
    });
  });

  describe('on service files whose method bodies it does not read', () => {
    const project = tempProject({
      // A DTO whose constructor (not read) assigns its property: the schema comes from the
      // declaration, under tempProject's strict tsconfig as under any other.
      'src/entry.ts': `import { IsString } from 'class-validator';
export class Entry {
  @IsString() readonly name: string;
  constructor(name: string) { this.name = name; }
}
`,
      'src/catalog.ts': `import { Tool, Param, Params } from 'toolwright';
import { Entry } from './entry';
export class Catalog {
  constructor(private readonly names: Map<string, string>) {
    this.names.set('}', \`{\${'}'}\`);
  }

  /** Finds a name. */
  @Tool()
  find(@Param() pattern: string): string[] {
    const matcher = /[{}]/.test(pattern) ? new RegExp('}') : /{/;
    return [...this.names.values()].filter((name) => matcher.test(name)); // }
  }

  get size(): number { return this.names.size +; } // a syntax error left to tsc

  /** Counts, after the bodies above: its line and column stay the file's. */
  @Tool()
  count(@Param() kind: MissingKind) {
    return { kind, total: this.size };
  }

  /** Adds an entry. */
  @Tool()
  add(@Params() entry: Entry): void { this.names.set(entry.name, entry.name); }
}
`,
    });
    afterAll(() => project.cleanup());
    const tsconfig = join(project.root, 'tsconfig.json');

    it('gives the same manifest and diagnostics as a project that parses them', () => {
      const { viaProject, direct } = bothLoaders(tsconfig);
      expect(direct.manifest.tools.map((tool) => tool.name)).toEqual(['find', 'count', 'add']);
      expect(direct.manifest).toEqual(viaProject.manifest);
      expect(direct.diagnostics).toEqual(viaProject.diagnostics);
      expect(direct.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
        '19:24 TW113',
      ]);
    });
  });

  describe('a tsconfig it cannot read', () => {
    const project = tempProject({
      'bad.json': '{ "compilerOptions": { "strict": true, }, "include": ["src"',
      'extends.json': '{ "extends": "./base/missing.json", "include": ["src"] }',
    });
    afterAll(() => project.cleanup());

    it('fails as ts-morph does, and the CLI names the file and the reason', async () => {
      const bad = join(project.root, 'bad.json');
      expect(() => loadProject(bad)).toThrow("']' expected.");
      expect(() => loadProgram(bad)).toThrow("']' expected.");
      const run = await runCli(['codegen', '-p', 'bad.json'], project.root);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`cannot load ${bad}: ']' expected.`);
    });

    it('fails, as tsc does, on an extends that names a missing file (ts-morph would go on)', async () => {
      const config = join(project.root, 'extends.json');
      const reason = `Cannot read file '${join(project.root, 'base', 'missing.json')}'.`;
      expect(() => loadProject(config)).toThrow(reason);
      expect(() => loadProgram(config)).toThrow(reason);
      const run = await runCli(['codegen', '-p', 'extends.json'], project.root);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`cannot load ${config}: ${reason}`);
    });
  });
});
