/** Whole manifest entries: names, descriptions, parameter mapping, options, examples, diagnostics. */
import { generateOne } from '../__fixtures__/inlineProject';

const located = (result: ReturnType<typeof generateOne>) =>
  result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);

describe('building a tool', () => {
  it('the stock price example of the design, whole', () => {
    const result = generateOne(`
export class StockService {
  /**
   * Gets the current stock price for a company.
   *
   * Prices are delayed by 15 minutes.
   * @param symbol The stock symbol of the company to get the price for.
   * @returns {number} The current stock price as a float.
   * @throws TickerNotFound if the symbol is unknown.
   * @throws {RateLimited} when called too often.
   * @example {"symbol": "GM"}
   * @example {"symbol": "AAPL"}
   */
  @Tool()
  getCurrentStockPrice(@Param() symbol: string): number { return 1; }
}`);
    expect(result).toEqual({
      manifest: {
        version: 1,
        tools: [
          {
            name: 'get_current_stock_price',
            description:
              'Gets the current stock price for a company.\n\nPrices are delayed by 15 minutes.\n\n' +
              'Returns: The current stock price as a float. (number)\n' +
              'Raises: TickerNotFound if the symbol is unknown.\n' +
              'Raises: RateLimited when called too often.',
            inputSchema: {
              type: 'object',
              properties: {
                symbol: {
                  type: 'string',
                  description: 'The stock symbol of the company to get the price for.',
                },
              },
              required: ['symbol'],
              additionalProperties: false,
            },
            target: {
              class: 'StockService',
              method: 'getCurrentStockPrice',
              file: 'src/service.ts',
              line: 16,
            },
            outputSchema: { type: 'number', description: 'The current stock price as a float.' },
            params: [
              {
                kind: 'named',
                index: 0,
                name: 'symbol',
                optional: false,
                schema: {
                  type: 'string',
                  description: 'The stock symbol of the company to get the price for.',
                },
              },
            ],
            examples: [{ symbol: 'GM' }, { symbol: 'AAPL' }],
          },
        ],
      },
      diagnostics: [],
    });
  });

  it('@Params flattens a DTO, @Ctx stays out of the schema, options carry through', () => {
    const result = generateOne(`
class OrderRequest {
  /** The product. */
  sku!: string;
  quantity = 1;
}
export class Shop {
  /**
   * Places an order.
   * @deprecated use place_order_v2
   */
  @Tool({ name: 'place_order', requiresApproval: true, timeoutMs: 5_000, annotations: { destructiveHint: true }, cacheControl: { type: 'ephemeral' }, examples: [{ sku: 'A1' }], anthropic: { defer_loading: true } })
  place(@Params() order: OrderRequest, @Ctx() ctx: unknown) { return [order, ctx]; }
}`);
    expect(result).toEqual({
      manifest: {
        version: 1,
        tools: [
          {
            name: 'place_order',
            description: 'Places an order.',
            inputSchema: {
              type: 'object',
              properties: {
                sku: { type: 'string', description: 'The product.' },
                quantity: { type: 'number', default: 1 },
              },
              required: ['sku'],
              additionalProperties: false,
            },
            target: { class: 'Shop', method: 'place', file: 'src/service.ts', line: 14 },
            outputSchema: { type: 'array', items: {} },
            params: [
              { kind: 'spread', index: 0, type: 'OrderRequest' },
              { kind: 'context', index: 1 },
            ],
            examples: [{ sku: 'A1' }],
            options: {
              requiresApproval: true,
              timeoutMs: 5000,
              annotations: { destructiveHint: true },
              cacheControl: { type: 'ephemeral' },
              anthropic: { defer_loading: true },
              deprecated: 'use place_order_v2',
            },
          },
        ],
      },
      diagnostics: [],
    });
  });

  it('scopes and roles are @Tool options: no TW115, and the manifest carries them', () => {
    const result = generateOne(`
export class Admin {
  /** Rotates the keys. */
  @Tool({ scopes: ['keys:write'], roles: ['admin', 'ops'] })
  rotate() { return 'rotated'; }
}`);
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest.tools[0].options).toEqual({
      scopes: ['keys:write'],
      roles: ['admin', 'ops'],
    });
  });

  it('a named parameter records the class it becomes at run time: Date or a validated DTO', () => {
    const result = generateOne(`
import * as cv from 'class-validator';
class Order {
  @cv.IsString() sku!: string;
}
class Plain {
  sku!: string;
}
export class Planner {
  /** Plans. */
  @Tool()
  plan(
    @Param() on: Date,
    @Param() until: Date | null | undefined,
    @Param() order: Order,
    @Param({ type: Order, description: 'Typed.' }) typed: Order,
    @Param() plain: Plain,
    @Param() note: string,
  ) { return note; }
}`);
    expect(result.diagnostics).toEqual([]);
    const params = result.manifest.tools[0]!.params as { name: string; type?: string }[];
    expect(params.map((param) => [param.name, param.type])).toEqual([
      ['on', 'Date'],
      ['until', 'Date'],
      ['order', 'Order'],
      ['typed', 'Order'],
      ['plain', undefined],
      ['note', undefined],
    ]);
  });

  it('tools of one file sharing a type: equal schemas, own copies, each one its warnings', () => {
    const result = generateOne(`
interface Filter { text: string; extra: any }
interface Range { from: number; to: number }
export class Search {
  /** One. */
  @Tool()
  one(@Param() filter: Filter, @Param() range: Range): Range { return range; }
  /** Two. */
  @Tool()
  two(@Param() filter: Filter, @Param({ description: 'The range.' }) range: Range = { from: 0, to: 1 }): Range { return range; }
}`);
    const [one, two] = result.manifest.tools;
    const range = {
      type: 'object',
      properties: { from: { type: 'number' }, to: { type: 'number' } },
      required: ['from', 'to'],
      additionalProperties: false,
    };
    expect(one!.inputSchema.properties.range).toEqual(range);
    expect(two!.inputSchema.properties.range).toEqual({
      ...range,
      description: 'The range.',
      default: { from: 0, to: 1 },
    });
    expect(one!.outputSchema).toEqual(range);
    expect(two!.outputSchema).toEqual(range);
    expect(result.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(['8 TW201', '11 TW201']);
  });

  it('@Param name, description and schema options win over the source', () => {
    const result = generateOne(`
export class Weather {
  /**
   * Forecast.
   * @param city Ignored: the decorator's description wins.
   * @param days How many days.
   */
  @Tool({ description: 'Weather forecast for a city.' })
  forecast(
    @Param('cityName', { description: 'City name' }) city: string,
    @Param('days', { schema: { minimum: 1, maximum: 14 } }) days = 3,
    @Param({ optional: true }) unit: 'c' | 'f',
    @Param() maybe: string | undefined,
  ) { return [city, days, unit, maybe]; }
}`);
    const [tool] = result.manifest.tools;
    expect(tool!.description).toBe('Weather forecast for a city.');
    expect(tool!.inputSchema).toEqual({
      type: 'object',
      properties: {
        cityName: { type: 'string', description: 'City name' },
        days: {
          type: 'number',
          description: 'How many days.',
          minimum: 1,
          maximum: 14,
          default: 3,
        },
        unit: { type: 'string', enum: ['c', 'f'] },
        maybe: { type: 'string' },
      },
      required: ['cityName'],
      additionalProperties: false,
    });
    expect(tool!.params.map((p) => (p.kind === 'named' ? [p.name, p.optional] : p.kind))).toEqual([
      ['cityName', false],
      ['days', true],
      ['unit', true],
      ['maybe', true],
    ]);
  });

  it('an untyped parameter with a @Param schema fragment is not a warning', () => {
    const result = generateOne(`
export class S {
  /** Loose. */
  @Tool()
  loose(@Param('value', { schema: { type: 'integer', minimum: 0 } }) value: unknown) { return value; }
}`);
    expect(result.diagnostics).toEqual([]);
    expect(result.manifest.tools[0]!.inputSchema.properties).toEqual({
      value: { type: 'integer', minimum: 0 },
    });
  });

  it('parameter names keep their source spelling; tool names default to snake_case', () => {
    const result = generateOne(`
export class S {
  /** Status. */
  @Tool()
  fetchHTTPStatus(@Param() userID: string, @Param() max_count: number) { return [userID, max_count]; }
}`);
    expect(result.manifest.tools[0]!.name).toBe('fetch_http_status');
    expect(Object.keys(result.manifest.tools[0]!.inputSchema.properties)).toEqual([
      'userID',
      'max_count',
    ]);
  });

  it('reports every problem with file positions, and still lists the tools', () => {
    const result = generateOne(`
export class S {
  @Tool()
  undocumented(@Param() cb: (x: number) => void, plain: string) { return [cb, plain]; }

  /**
   * Bad example.
   * @example {symbol: GM}
   */
  @Tool({ name: 'bad name!' })
  badName(@Param() a: string, @Param('a') b: string) { return a + b; }

  /** Twice. */
  @Tool({ name: 'undocumented' })
  again() { return 1; }
}`);
    expect(result.manifest.tools.map((t) => t.name)).toEqual(['undocumented', 'bad name!']);
    expect(located(result)).toEqual([
      '5:3 warning TW202: tool "undocumented" (S.undocumented) has no description; add a JSDoc comment or @Tool({ description })',
      '5:25 error TW101: S.undocumented: a function type cannot be sent as JSON (at cb); take the data it needs instead',
      '5:50 error TW106: S.undocumented parameter #1 (plain) has no @Param, @Params or @Ctx; add @Param() or @Ctx()',
      '9:6 error TW121: an @example of S.badName is not a JSON object of its input; write the input as JSON, e.g. {"city": "Paris"}',
      '11:3 error TW108: tool name "bad name!" of S.badName must match ^[a-zA-Z0-9_-]{1,64}$; pass @Tool({ name })',
      '12:43 error TW110: S.badName: parameters #0 and #1 both map to input property "a"; rename one with @Param(\'other\')',
      '16:3 error TW107: tool name "undocumented" is declared twice: src/service.ts:5 (S.undocumented) and src/service.ts:16 (S.again); one registry cannot hold both, so rename one with @Tool({ name })',
    ]);
  });

  it('a parameter with two toolwright decorators is an error; static methods are not tools', () => {
    const result = generateOne(`
export class S {
  /** Both. */
  @Tool()
  both(@Param() @Ctx() x: string) { return x; }

  /** Static. */
  @Tool()
  static helper(@Param() y: string) { return y; }
}`);
    expect(result.manifest.tools.map((t) => t.name)).toEqual(['both']);
    expect(located(result)).toEqual([
      '6:24 error TW112: S.both parameter #0 (x) has 2 toolwright decorators; keep exactly one',
    ]);
  });

  it('an example that does not match the schema is an error at its line', () => {
    const result = generateOne(`
export class S {
  /**
   * Q.
   * @example {"city": "Paris", "days": 3}
   * @example {"city": 42}
   */
  @Tool()
  q(@Param() city: string, @Param() days?: number) { return city + days; }
}`);
    expect(result.manifest.tools[0]!.examples).toEqual([{ city: 'Paris', days: 3 }, { city: 42 }]);
    expect(located(result)).toEqual([
      '7:6 error TW122: example #2 of S.q does not match its input schema (input.city: city must be a string); fix the example',
    ]);
  });

  it('an @example that is not JSON is an error at its line; @Tool({ examples }) is checked at the option', () => {
    const result = generateOne(`
export class S {
  /**
   * Q.
   * @example {"city": "Paris"}
   * @example
   * {city: 'Oslo'}
   */
  @Tool()
  q(@Param() city: string) { return city; }

  /** R. */
  @Tool({ name: 'r', examples: [{ city: 'Rome' }, { town: 'Bern' }] })
  r(@Param() city: string) { return city; }
}`);
    expect(result.manifest.tools.map((tool) => tool.examples)).toEqual([
      [{ city: 'Paris' }],
      [{ city: 'Rome' }, { town: 'Bern' }],
    ]);
    expect(located(result)).toEqual([
      '7:6 error TW121: an @example of S.q is not a JSON object of its input; write the input as JSON, e.g. {"city": "Paris"}',
      '14:22 error TW122: example #2 of S.r does not match its input schema (input.city: city is required); fix the example',
    ]);
  });

  it('@Params on something that is not a class is an error', () => {
    const result = generateOne(`
interface Q { a: string }
export class S {
  /** Q. */
  @Tool()
  q(@Params() q: Q) { return q; }
}`);
    expect(located(result)).toEqual([
      '7:15 error TW109: S.q parameter #0: @Params() needs a class (a DTO), not Q; declare it as a class',
    ]);
  });

  it('a non-literal @Tool option is a warning and is left out', () => {
    const result = generateOne(`
declare const LIMIT: number;
export class S {
  /** Q. */
  @Tool({ timeoutMs: LIMIT, strict: true })
  q() { return 1; }
}`);
    expect(result.manifest.tools[0]!.options).toEqual({ strict: true });
    expect(located(result)).toEqual([
      '6:11 warning TW204: an option of @Tool on S.q is not a literal; codegen ignores it',
    ]);
  });

  it('a misspelt @Tool option is an error naming the closest known one, and stays out of the manifest', () => {
    const result = generateOne(`
export class S {
  /** Q. */
  @Tool({ requireApproval: true, timeoutMS: 5000, destructiveHint: true, cache_control: { type: 'ephemeral' }, anthropic: { input_schema: {}, defer_loading: true } })
  q() { return 1; }
}`);
    expect(result.manifest.tools[0]!.options).toEqual({
      anthropic: { input_schema: {}, defer_loading: true },
    });
    expect(located(result)).toEqual([
      '5:11 error TW115: @Tool on S.q: "requireApproval" is not a @Tool option; did you mean "requiresApproval"? (a field of the Anthropic tool definition goes in anthropic: { requireApproval: ... })',
      '5:34 error TW115: @Tool on S.q: "timeoutMS" is not a @Tool option; did you mean "timeoutMs"? (a field of the Anthropic tool definition goes in anthropic: { timeoutMS: ... })',
      '5:51 error TW115: @Tool on S.q: "destructiveHint" is an MCP hint: write it as annotations: { destructiveHint: true }',
      '5:74 error TW115: @Tool on S.q: "cache_control" is not a @Tool option; did you mean "cacheControl"? (a field of the Anthropic tool definition goes in anthropic: { cache_control: ... })',
      '5:125 error TW115: @Tool on S.q: "anthropic.input_schema" is written by toolwright from the method\'s parameters; set that instead',
    ]);
  });

  it('a recursive @Params DTO keeps its definitions', () => {
    const result = generateOne(`
class Category { name!: string; sub?: Category[] }
export class S {
  /** Adds a category tree. */
  @Tool()
  addTree(@Params() tree: Category) { return tree; }
}`);
    const sub = { type: 'array', items: { $ref: '#/$defs/Category' } };
    expect(result.manifest.tools[0]!.inputSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, sub },
      required: ['name'],
      additionalProperties: false,
      $defs: {
        Category: {
          type: 'object',
          properties: { name: { type: 'string' }, sub },
          required: ['name'],
          additionalProperties: false,
        },
      },
    });
  });
});
