/**
 * The stock sample (`samples/stocks`, copied as a user would have it) in four consumer projects of
 * the packed package: compiled by tsc as an ES module (NodeNext) and as CommonJS, run by tsx,
 * compiled by SWC with the README's `.swcrc`, and tested by Vitest (tsx and Vitest compile with
 * esbuild: no decorator metadata). Each generates its
 * manifest with the package's `toolwright codegen`, then runs __fixtures__/stocks/report.ts; the
 * four reports (tool definitions, a conversation, bad input, SDK error classes and texts) must
 * be the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER_COMPILER_OPTIONS, makeConsumer, ROOT, run, TSC } from './packedPackage';

const FIXTURES = join(__dirname, '__fixtures__', 'stocks');
const SAMPLE = join(ROOT, 'samples', 'stocks');
const BIN = join(ROOT, 'node_modules', '.bin');

/** A source file as an ES module project needs it: relative imports end in `.js`. */
const withJsExtensions = (source: string): string =>
  source.replace(/(from '\.{1,2}\/[^']+?)(?<!\.js)'/g, "$1.js'");

/** The sample's service and error, and the report and its runners. */
function sources(): Record<string, string> {
  const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
  return {
    'StockService.ts': withJsExtensions(read(SAMPLE, 'StockService.ts')),
    'TickerNotFound.ts': withJsExtensions(read(SAMPLE, 'TickerNotFound.ts')),
    'report.ts': read(FIXTURES, 'report.ts'),
    'main.ts': read(FIXTURES, 'main.ts'),
    'stocks.spec.ts': read(FIXTURES, 'stocks.spec.ts'),
  };
}

/** The compiler options of every consumer; each adds its `module` and `moduleResolution`. */
const COMMON_OPTIONS = {
  ...CONSUMER_COMPILER_OPTIONS,
  skipLibCheck: true,
  outDir: 'out',
  rootDir: 'src',
};

/** Makes the consumer, writes its tsconfig and generates its manifest with the packed CLI. */
async function consumer(
  name: string,
  options: Record<string, unknown>,
  type?: 'module',
): Promise<string> {
  const dir = await makeConsumer(name, sources(), type);
  const tsconfig = {
    compilerOptions: { ...COMMON_OPTIONS, ...options },
    include: ['src'],
    exclude: ['src/**/*.spec.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const cli = join(dir, 'node_modules', 'toolwright', 'bin', 'toolwright.js');
  await run(process.execPath, [cli, 'codegen'], { cwd: dir });
  return dir;
}

async function compiledWithTsc(dir: string): Promise<unknown> {
  await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir });
  const { stdout } = await run(process.execPath, [join('out', 'main.js')], { cwd: dir });
  return JSON.parse(stdout);
}

const NODE_NEXT = { module: 'nodenext', moduleResolution: 'nodenext' };
const COMMONJS = { module: 'commonjs', moduleResolution: 'node10' };

const RUNNERS: Record<string, () => Promise<unknown>> = {
  'tsc, ES module (NodeNext)': async () =>
    compiledWithTsc(await consumer('stocks-esm', NODE_NEXT, 'module')),
  'tsc, CommonJS': async () => compiledWithTsc(await consumer('stocks-cjs', COMMONJS)),
  tsx: async () => {
    const dir = await consumer('stocks-tsx', COMMONJS);
    const { stdout } = await run(join(BIN, 'tsx'), [join('src', 'main.ts')], { cwd: dir });
    return JSON.parse(stdout);
  },
  SWC: async () => {
    const dir = await consumer('stocks-swc', COMMONJS);
    writeFileSync(join(dir, '.swcrc'), readFileSync(join(FIXTURES, '..', 'swc', '.swcrc')));
    await run(join(BIN, 'swc'), ['src', '-d', 'out', '--strip-leading-paths'], { cwd: dir });
    const { stdout } = await run(process.execPath, [join('out', 'main.js')], { cwd: dir });
    return JSON.parse(stdout);
  },
  Vitest: async () => {
    const dir = await consumer('stocks-vitest', NODE_NEXT, 'module');
    const file = join(dir, 'report.json');
    await run(join(BIN, 'vitest'), ['run', '--root', dir], {
      cwd: dir,
      env: { ...process.env, REPORT_FILE: file, CI: '1' },
    });
    return JSON.parse(readFileSync(file, 'utf8'));
  },
};

describe('the stock sample from the packed package', () => {
  const reports: Record<string, unknown> = {};

  beforeAll(async () => {
    for (const [name, runner] of Object.entries(RUNNERS)) reports[name] = await runner();
  }, 600_000);

  /**
   * A report without the one field that differs by compiler, and with the scripted server's
   * own tool_use id prefix (random per server, so that no two runs share ids) made one.
   */
  const behaviour = (name: string): unknown => {
    const { decoratorMetadata, ...rest } = reports[name] as Record<string, unknown>;
    void decoratorMetadata;
    return JSON.parse(JSON.stringify(rest).replace(/toolu_[0-9a-f]{8}_/g, 'toolu_<server>_'));
  };

  it('runs under tsx and Vitest without decorator metadata, the manifest standing in', () => {
    const metadata = Object.fromEntries(
      Object.entries(reports).map(([name, report]) => [
        name,
        (report as Record<string, unknown>).decoratorMetadata,
      ]),
    );
    expect(metadata).toEqual({
      'tsc, ES module (NodeNext)': true,
      'tsc, CommonJS': true,
      tsx: false,
      SWC: true,
      Vitest: false,
    });
  });

  it('gives the same report under tsc ESM, tsc CommonJS, tsx and Vitest', () => {
    const [first, ...others] = Object.keys(RUNNERS);
    expect(Object.keys(behaviour(first) as object)).toContain('sdkErrors');
    for (const other of others) {
      expect([other, behaviour(other)]).toEqual([other, behaviour(first)]);
    }
  });

  it('runs the conversation, with the tools described from the manifest', () => {
    expect(reports['tsx']).toMatchObject({
      definitions: [
        {
          name: 'get_ticker_symbol',
          input_schema: { properties: { companyName: { type: 'string' } } },
        },
        { name: 'get_current_stock_price', input_examples: [{ symbol: 'GM' }] },
      ],
      conversation: {
        outcome: {
          finalText: 'The current stock price of General Motors is $38.50.',
          stopReason: 'end_turn',
        },
        toolResultsSent: [
          [expect.objectContaining({ content: 'GM' })],
          [expect.objectContaining({ content: '38.5' })],
        ],
      },
    });
  });

  it('tells the model about bad input and tool errors, in the same words', () => {
    expect(reports['Vitest']).toMatchObject({
      tickerNotFound: {
        toolResultsSent: [
          [
            expect.objectContaining({
              is_error: true,
              content: 'TickerNotFound: no ticker symbol found for "Acme Widgets"',
            }),
          ],
        ],
      },
      badCalls: {
        wrongType: {
          isError: true,
          content: expect.stringMatching(/^companyName: companyName must be a string$/m),
        },
        missing: { isError: true, content: expect.stringMatching(/^symbol: .*required/m) },
        unknownProperty: { isError: true, content: expect.stringMatching(/^exchange: /m) },
        unknownTool: {
          isError: true,
          content: expect.stringMatching(/Unknown tool "get_dividend"/),
        },
        invalidJson: { isError: true, content: expect.stringMatching(/is not valid JSON/) },
        toolError: { isError: true, content: expect.stringMatching(/Unknown ticker symbol "XYZ"/) },
      },
    });
  });

  it('throws the SDK errors of the consumer’s own SDK classes', () => {
    expect(reports['tsc, ES module (NodeNext)']).toMatchObject({
      sdkErrors: {
        run400: {
          name: 'BadRequestError',
          isConsumersBadRequest: true,
          message: expect.stringMatching(/^400 /),
        },
        stream400: { name: 'BadRequestError', isConsumersBadRequest: true },
        streamCut: { isConsumersConnectionError: true },
      },
    });
  });
});
