/**
 * The package as a new user gets it: a separate consumer project (in the gitignored
 * `.consumer-tmp/`) depends on the packed package through `node_modules/toolwright`, is
 * typechecked under each module resolution mode, then compiled and run with node, with a
 * service registered without a manifest and every kind of bad input the model may send.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_COMPILER_OPTIONS, makeConsumer, packedPackage, ROOT, run } from './packedPackage';
import type { PackedPackage } from './packedPackage';
import { DATE_TIME_PATTERN } from '../../src/schema/formatPatterns';

const FIXTURES = join(__dirname, '__fixtures__');
const CHECK_OWN_TYPES = join(FIXTURES, 'checkOwnTypes.js');

/** The subpath entry points and the declaration file each is built to. */
const SUBPATHS: Record<string, string> = {
  'toolwright/codegen': 'dist/codegen/index.d.ts',
  'toolwright/plugin': 'dist/codegen/plugin/index.d.ts',
  'toolwright/testing': 'dist/src/testing/index.d.ts',
  'toolwright/nest': 'dist/src/nest/index.d.ts',
  'toolwright/mcp': 'dist/src/mcp/index.d.ts',
  'toolwright/mcp2': 'dist/src/mcp-dual/index.d.ts',
  'toolwright/jobs': 'dist/src/jobs/index.d.ts',
  'toolwright/sql': 'dist/src/sql/index.d.ts',
  'toolwright/ai-sdk': 'dist/src/ai-sdk/index.d.ts',
  'toolwright/langchain': 'dist/src/langchain/index.d.ts',
  'toolwright/search': 'dist/src/search/index.d.ts',
};

/** Libraries' declarations are checked too: toolwright's own must compile in every mode. */
const COMMON_OPTIONS = { ...CONSUMER_COMPILER_OPTIONS, skipLibCheck: false };

/** The resolution modes a consumer may use: its compiler options and package type. */
const MODES: Record<string, { options: Record<string, unknown>; type?: 'module' }> = {
  node16: { options: { module: 'node16', moduleResolution: 'node16' } },
  'node16-esm': { options: { module: 'node16', moduleResolution: 'node16' }, type: 'module' },
  'bundler-preserve': { options: { module: 'preserve', moduleResolution: 'bundler' } },
  'bundler-esnext': { options: { module: 'esnext', moduleResolution: 'bundler' } },
  node10: { options: { module: 'commonjs' } },
};

/**
 * Compiles the project as `tsc -p` does, with every error of the consumer's code and of
 * toolwright's declarations (`skipLibCheck` stays off), but none that a third-party package has
 * in its own declarations (the MCP SDK's `.d.ts` name DOM types such as `HeadersInit`): those
 * are that package's, not toolwright's (see __fixtures__/checkOwnTypes.js). Empty when none.
 */
async function tsc(dir: string, options: Record<string, unknown>): Promise<string> {
  const tsconfig = { compilerOptions: { ...COMMON_OPTIONS, ...options }, include: ['src'] };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  try {
    await run(process.execPath, [CHECK_OWN_TYPES, join(dir, 'tsconfig.json')], { cwd: dir });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}`.trim() || String(error);
  }
}

let packaged: PackedPackage;

const existingSubpaths = (): string[] =>
  Object.keys(SUBPATHS).filter((subpath) => existsSync(join(packaged.unpacked, SUBPATHS[subpath])));

/** A file importing every entry point that exists, so each must resolve with its types. */
function entryPointsFile(): string {
  const entries = ['toolwright', ...existingSubpaths()];
  const lines = entries.map((entry, i) => `import * as entry${i} from '${entry}';`);
  lines.push(`export const entries = [${entries.map((_, i) => `entry${i}`).join(', ')}];`);
  lines.push(`export const registry: entry0.ToolRegistry = new entry0.ToolRegistry();`);
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  packaged = await packedPackage();
}, 300_000);

describe('types of the built package', () => {
  it.each(Object.keys(MODES))(
    'resolve under moduleResolution %s',
    async (mode) => {
      const { options, type } = MODES[mode];
      const dir = await makeConsumer(
        `types-${mode}`,
        {
          'entries.ts': entryPointsFile(),
          ...(type ? {} : { 'api.ts': readFileSync(join(FIXTURES, 'api.ts'), 'utf8') }),
        },
        type,
      );
      expect(await tsc(dir, { ...options, noEmit: true })).toBe('');
    },
    // A type-check of every entry with its peers' typings (the MCP SDK's two majors among them):
    // over two minutes on a busy 2-core machine.
    300_000,
  );

  it('are checked for every subpath, each built into the package', () => {
    expect(existsSync(join(packaged.unpacked, 'dist', 'src', 'index.d.ts'))).toBe(true);
    expect(existingSubpaths()).toEqual(Object.keys(SUBPATHS));
    expect(entryPointsFile()).toContain(`from 'toolwright';`);
    for (const subpath of existingSubpaths()) expect(entryPointsFile()).toContain(subpath);
  });
});

describe('the built package', () => {
  it('runs in an ES module consumer (named imports of the CommonJS build)', async () => {
    const source = [
      `import 'reflect-metadata';`,
      `import { Param, Tool, ToolRegistry } from 'toolwright';`,
      `class Greeter {`,
      `  @Tool() greet(@Param('who') who: string): string { return 'hello ' + who; }`,
      `}`,
      `const registry = new ToolRegistry().register(new Greeter());`,
      `const outcomes = [await registry.call('greet', { who: 'ada' }), await registry.call('greet', { who: 1 })];`,
      `console.log(JSON.stringify(outcomes));`,
    ].join('\n');
    const dir = await makeConsumer('run-esm', { 'main.ts': source }, 'module');
    const errors = await tsc(dir, {
      ...MODES['node16-esm'].options,
      outDir: 'out',
      rootDir: 'src',
    });
    expect(errors).toBe('');
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'main.js')], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual([
      { content: 'hello ada', isError: false },
      { content: 'Invalid input for tool "greet":\nwho: who must be a string', isError: true },
    ]);
  }, 120_000);

  it('publishes every entry point it declares', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      bin: Record<string, string>;
      exports: Record<string, string | Record<string, string>>;
    };
    const declared = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.bin),
      ...Object.values(pkg.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ].map((path) => path.replace(/^\.\//, ''));
    expect(declared).toContain('dist/src/index.js');
    for (const path of declared)
      expect([path, existsSync(join(packaged.unpacked, path))]).toEqual([path, true]);
  });
});

describe('a consumer service registered without a manifest', () => {
  interface CallReport {
    label: string;
    tool: string;
    outcome: { content: unknown; isError: boolean };
    dispatched: string[];
  }
  interface Report {
    definitions: unknown[];
    names: string[];
    good: CallReport[];
    bad: CallReport[];
    polluted: boolean;
    objectPrototypeKeys: string[];
    optionalPeersLoaded: string[];
  }
  let report: Report;

  beforeAll(async () => {
    const dir = await makeConsumer('run-node10', {});
    copyFileSync(join(FIXTURES, 'shop.ts'), join(dir, 'src', 'shop.ts'));
    const errors = await tsc(dir, { module: 'commonjs', outDir: 'out', rootDir: 'src' });
    if (errors) throw new Error(`the consumer does not compile:\n${errors}`);
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'shop.js')], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    report = JSON.parse(stdout) as Report;
  }, 180_000);

  const good = (label: string): CallReport => {
    const found = report.good.find((call) => call.label === label);
    if (!found) throw new Error(`no call "${label}" in the report`);
    return found;
  };
  const resultOf = (label: string): unknown => JSON.parse(good(label).outcome.content as string);

  const ADDRESS_SCHEMA = {
    type: 'object',
    properties: {
      street: { type: 'string' },
      zip: { type: 'string', pattern: '^\\d{5}$' },
    },
    required: ['street', 'zip'],
    additionalProperties: false,
  };

  it('gets Anthropic tool definitions derived from decorators and class-validator', () => {
    expect(report.definitions).toEqual([
      {
        name: 'quote_price',
        description: 'Quotes the price of a quantity of one product.',
        input_schema: {
          type: 'object',
          properties: {
            sku: { type: 'string' },
            quantity: { type: 'number' },
            deliverOn: { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
            giftWrap: { type: 'boolean', description: 'Wrap it as a gift.' },
          },
          required: ['sku', 'quantity', 'deliverOn'],
          additionalProperties: false,
        },
      },
      {
        name: 'place_order',
        description: 'Places an order.',
        input_schema: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email' },
            shipping: { type: 'string', enum: ['standard', 'express'] },
            address: ADDRESS_SCHEMA,
            items: {
              type: 'array',
              maxItems: 3,
              items: {
                type: 'object',
                properties: {
                  sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$' },
                  quantity: { type: 'integer', minimum: 1, maximum: 99 },
                },
                required: ['sku', 'quantity'],
                additionalProperties: false,
              },
            },
            note: { type: 'string' },
          },
          required: ['email', 'shipping', 'address', 'items'],
          additionalProperties: false,
        },
      },
      {
        name: 'cancel_order',
        description: 'Cancels an order.',
        input_schema: {
          type: 'object',
          properties: { orderId: { type: 'string' } },
          required: ['orderId'],
          additionalProperties: false,
        },
      },
      {
        name: 'explode',
        description: 'Fails like a bug would.',
        input_schema: {
          type: 'object',
          properties: { reason: { type: 'string' } },
          required: ['reason'],
          additionalProperties: false,
        },
      },
      {
        name: 'check_delivery',
        description: 'Says whether an address is served.',
        input_schema: {
          type: 'object',
          properties: { address: ADDRESS_SCHEMA },
          required: ['address'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('runs valid calls with typed arguments, Date and DTO instances, and the context', () => {
    for (const call of report.good) {
      expect(call.outcome.isError).toBe(false);
      expect(call.dispatched).toEqual([call.tool]);
    }
    expect(resultOf('quote')).toEqual({
      sku: 'ABC-123',
      total: 10,
      deliverOn: '2025-03-01T12:00:00.000Z',
      deliverOnIsDate: true,
      giftWrap: null,
    });
    expect(resultOf('quote with gift wrap')).toMatchObject({ giftWrap: true });
    expect(resultOf('delivery')).toEqual({ addressIsDto: true, served: true });
    const placed = {
      orderIsDto: true,
      addressIsDto: true,
      itemsAreDtos: true,
      units: 101,
      toolName: 'place_order',
      toolUseId: 'toolu_01',
    };
    expect(resultOf('order')).toEqual({ ...placed, user: 'ada' });
    expect(resultOf('order as JSON text')).toEqual({ ...placed, user: null });
    expect(resultOf('order with items double-encoded')).toEqual({ ...placed, user: null });
  });

  /** Label → what the error text must say (besides naming the tool). */
  const expected: Array<[string, RegExp[]]> = [
    ['unknown tool', [/Unknown tool "refund_order"/, /quote_price, place_order, cancel_order/]],
    ['input an array', [/input: must be a JSON object, got an array/]],
    ['input a number', [/input: must be a JSON object, got number/]],
    ['input null', [/input: must be a JSON object, got null/]],
    ['input JSON text of an array', [/input: must be a JSON object, got an array/]],
    ['input invalid JSON text', [/input: is not valid JSON/]],
    ['missing property', [/^quantity: .*required/m]],
    ['unknown property', [/^coupon: property coupon should not exist$/m]],
    [
      'unknown property named like an Object method',
      [/^hasOwnProperty: the key "hasOwnProperty" is not allowed$/m],
    ],
    ['unknown nested property', [/^address\.country: property country should not exist$/m]],
    ['wrong type number', [/^quantity: quantity must be a number/m]],
    ['wrong type boolean', [/^giftWrap: giftWrap must be a boolean value$/m]],
    [
      'wrong type date',
      [
        /^deliverOn: deliverOn must be a full ISO 8601 date-time such as 2024-01-31T09:30:00Z \(a date alone is not one\)$/m,
      ],
    ],
    ['non-finite number', [/^quantity: must be a finite number$/m]],
    ['wrong type nested DTO', [/^address: /m]],
    ['constraint max', [/^items\[0\]\.quantity: quantity must not be greater than 99$/m]],
    [
      'constraint min and integer',
      [
        /^items\[0\]\.quantity: quantity must not be less than 1$/m,
        /^items\[0\]\.quantity: quantity must be an integer number$/m,
      ],
    ],
    ['nested DTO parameter given an array', [/^address: address must be an object$/m]],
    ['format email', [/^email: email must be an email$/m]],
    ['format pattern', [/^address\.zip: zip must match \/\^\\d\{5\}\$\/ regular expression$/m]],
    ['enum', [/^shipping: shipping must be one of the following values: standard, express$/m]],
    ['array bounds', [/^items: items must contain no more than 3 elements$/m]],
    ['size limit, 20 MB string', [/^input: .*limit of 1048576 bytes$/m]],
    ['size limit, 20 MB JSON text', [/^input: .*limit of 1048576 bytes$/m]],
    [
      'depth limit, 100,000 levels',
      [/^address(\.inner)*: is nested deeper than the limit of 64 levels$/m],
    ],
    [
      'depth limit, 100,000 levels of JSON text',
      [/^address(\.inner)*: is nested deeper than the limit of 64 levels$/m],
    ],
    [
      'depth limit, 100,000 nested arrays',
      [/^sku(\[0\])*: is nested deeper than the limit of 64 levels$/m],
    ],
    ['forbidden key __proto__', [/^__proto__: the key "__proto__" is not allowed$/m]],
    [
      'forbidden key __proto__ in JSON text',
      [/^address\.__proto__: the key "__proto__" is not allowed$/m],
    ],
    [
      'forbidden key constructor',
      [/^address\.constructor: the key "constructor" is not allowed$/m],
    ],
    ['forbidden key prototype', [/^prototype: the key "prototype" is not allowed$/m]],
    ['method throws ToolError', [/^Order A-1 has already shipped$/]],
    ['method throws', [/^Tool "explode" failed: RangeError: the disk is full$/]],
  ];

  it('covers every bad input the fixture sends', () => {
    expect(report.bad.map((call) => call.label)).toEqual(expected.map(([label]) => label));
  });

  it.each(expected)('answers "%s" with isError naming the problem', (label, patterns) => {
    const call = report.bad.find((c) => c.label === label) as CallReport;
    const text = call.outcome.content as string;
    expect(call.outcome.isError).toBe(true);
    expect(typeof text).toBe('string');
    for (const pattern of patterns) expect(text).toMatch(pattern);
    expect(text).not.toMatch(/^\s+at /m);
    expect(text.length).toBeLessThanOrEqual(2000);
    if (label.startsWith('method throws')) {
      expect(call.dispatched).toEqual([call.tool]);
    } else {
      expect(call.dispatched).toEqual([]);
      const header = label === 'unknown tool' ? 'Unknown tool' : 'Invalid input for tool';
      expect(text.split('\n')[0]).toMatch(new RegExp(`^${header} "${call.tool}"`));
    }
  });

  it('leaves Object.prototype untouched and loads no optional peer', () => {
    expect(report.polluted).toBe(false);
    expect(report.objectPrototypeKeys).toEqual(Object.getOwnPropertyNames(Object.prototype).sort());
    expect(report.optionalPeersLoaded).toEqual([]);
  });
});
