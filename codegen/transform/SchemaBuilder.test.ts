/** Types → JSON Schema, one construct per case, comparing whole schemas. */
import { schemaOfType } from '../__fixtures__/inlineProject';
import { DATE_TIME_PATTERN, URL_SHAPE_PATTERN } from '../../src/schema/formatPatterns';
import { URL_PATTERN } from '../../src/schema/urlPattern';
import { URL_WORDS } from '../../src/schema/urlPattern';

const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

describe('types to JSON Schema', () => {
  it.each([
    ['string', { type: 'string' }],
    ['number', { type: 'number' }],
    ['boolean', { type: 'boolean' }],
    ["'low' | 'mid' | 'high'", { type: 'string', enum: ['low', 'mid', 'high'] }],
    ['1 | 2 | 3', { type: 'number', enum: [1, 2, 3] }],
    ["'a' | 1", { type: ['string', 'number'], enum: ['a', 1] }],
    ['string | null', { type: ['string', 'null'] }],
    ["'x' | 'y' | null", { type: ['string', 'null'], enum: ['x', 'y', null] }],
    ['string[]', { type: 'array', items: { type: 'string' } }],
    ['readonly number[]', { type: 'array', items: { type: 'number' } }],
    ['ReadonlyArray<boolean>', { type: 'array', items: { type: 'boolean' } }],
    // What the run-time Date transform accepts of RFC 3339: a pattern narrows the format.
    ['Date', { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN }],
    ['`id-${string}`', { type: 'string', pattern: '^id-.*$' }],
    ['string | number', { anyOf: [{ type: 'string' }, { type: 'number' }] }],
    ['boolean | string', { anyOf: [{ type: 'boolean' }, { type: 'string' }] }],
  ])('%s', (type, expected) => {
    expect(schemaOfType(type)).toEqual({ schema: expected, diagnostics: [] });
  });

  it('keeps the source order of literal unions even when a later member was seen first', () => {
    const { schema } = schemaOfType(
      'Level',
      "const seen: 'high' = 'high';\ntype Level = 'low' | 'high';",
    );
    expect(schema).toEqual({ type: 'string', enum: ['low', 'high'] });
  });

  it('string and numeric enums give their member values', () => {
    const declarations = "enum Color { Red = 'red', Green = 'green' }\nenum Size { S = 1, M, L }";
    expect(schemaOfType('Color', declarations).schema).toEqual({
      type: 'string',
      enum: ['red', 'green'],
    });
    expect(schemaOfType('Size', declarations).schema).toEqual({ type: 'number', enum: [1, 2, 3] });
    expect(schemaOfType('Color | null', declarations).schema).toEqual({
      type: ['string', 'null'],
      enum: ['red', 'green', null],
    });
  });

  it('tuples, with optional and rest elements', () => {
    expect(schemaOfType('[string, number?]').schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 1,
      maxItems: 2,
    });
    expect(schemaOfType('[string, ...boolean[]]').schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'boolean' },
      minItems: 1,
    });
  });

  it('interfaces: required from ?, | undefined; JSDoc summary and tags on properties', () => {
    const declarations = `interface Query {
      /**
       * Free text.
       * @minLength 1
       * @maxLength 200
       * @pattern ^[a-z ]+$
       */
      text: string;
      /** @minimum 1 @maximum 50 @default 10 */
      limit?: number;
      /** @format uri */
      source: string | undefined;
      /** @exclusiveMinimum 0 @exclusiveMaximum 1 */
      ratio: number;
    }`;
    expect(schemaOfType('Query', declarations)).toEqual({
      schema: closed(
        {
          text: {
            type: 'string',
            description: 'Free text.',
            minLength: 1,
            maxLength: 200,
            pattern: '^[a-z ]+$',
          },
          limit: { type: 'number', minimum: 1, maximum: 50, default: 10 },
          source: { type: 'string', format: 'uri' },
          ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        },
        ['text', 'ratio'],
      ),
      diagnostics: [],
    });
  });

  it('type literals and classes: defaults are optional, methods and private members are not data', () => {
    const declarations = `class Point {
      x = 0;
      y!: number;
      private secret = 'no';
      norm(): number { return 1; }
    }`;
    expect(schemaOfType('{ p: Point; label?: string }', declarations).schema).toEqual(
      closed(
        {
          p: closed({ x: { type: 'number', default: 0 }, y: { type: 'number' } }, ['y']),
          label: { type: 'string' },
        },
        ['p'],
      ),
    );
  });

  it('Record and index signatures say what their values are', () => {
    expect(schemaOfType('Record<string, number>').schema).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
    expect(schemaOfType('{ [key: string]: boolean; fixed: string }').schema).toEqual({
      type: 'object',
      properties: { fixed: { type: 'string' } },
      required: ['fixed'],
      additionalProperties: { type: 'boolean' },
    });
    expect(schemaOfType("Record<'a' | 'b', string>").schema).toEqual(
      closed({ a: { type: 'string' }, b: { type: 'string' } }, ['a', 'b']),
    );
  });

  it('unions of object types are anyOf; intersections merge', () => {
    const declarations = `interface Circle { kind: 'circle'; r: number }
      interface Square { kind: 'square'; side: number }
      type Named = { name: string } & { tag?: string }`;
    expect(schemaOfType('Circle | Square', declarations).schema).toEqual({
      anyOf: [
        closed({ kind: { type: 'string', enum: ['circle'] }, r: { type: 'number' } }, [
          'kind',
          'r',
        ]),
        closed({ kind: { type: 'string', enum: ['square'] }, side: { type: 'number' } }, [
          'kind',
          'side',
        ]),
      ],
    });
    expect(schemaOfType('Named', declarations).schema).toEqual(
      closed({ name: { type: 'string' }, tag: { type: 'string' } }, ['name']),
    );
  });

  it('generics and mapped types as the checker resolves them', () => {
    const declarations = `interface Page<T> { items: T[]; next?: string }
      interface User { id: string; name: string; age: number }`;
    expect(schemaOfType('Page<User>', declarations).schema).toEqual(
      closed(
        {
          items: {
            type: 'array',
            items: closed(
              { id: { type: 'string' }, name: { type: 'string' }, age: { type: 'number' } },
              ['id', 'name', 'age'],
            ),
          },
          next: { type: 'string' },
        },
        ['items'],
      ),
    );
    expect(schemaOfType('Partial<User>', declarations).schema).toEqual(
      closed({ id: { type: 'string' }, name: { type: 'string' }, age: { type: 'number' } }, []),
    );
    expect(schemaOfType("Pick<User, 'name' | 'id'>", declarations).schema).toEqual(
      closed({ id: { type: 'string' }, name: { type: 'string' } }, ['id', 'name']),
    );
    expect(schemaOfType("Omit<User, 'age'>", declarations).schema).toEqual(
      closed({ id: { type: 'string' }, name: { type: 'string' } }, ['id', 'name']),
    );
    expect(schemaOfType('Readonly<Required<Partial<{ a: string }>>>').schema).toEqual(
      closed({ a: { type: 'string' } }, ['a']),
    );
  });

  it('recursive types go through $defs and $ref', () => {
    const declarations = `interface TreeNode { label: string; children: TreeNode[]; parent?: TreeNode | null }`;
    const node = closed(
      {
        label: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
        parent: { anyOf: [{ $ref: '#/$defs/TreeNode' }, { type: 'null' }] },
      },
      ['label', 'children'],
    );
    expect(schemaOfType('TreeNode', declarations)).toEqual({
      schema: { $ref: '#/$defs/TreeNode', $defs: { TreeNode: node } },
      diagnostics: [],
    });
  });

  it('recursive generic aliases get a definition per instantiation', () => {
    const declarations = `type List<T> = { head: T; tail: List<T> | null }`;
    expect(schemaOfType('List<number>', declarations).schema).toEqual({
      $ref: '#/$defs/List_number',
      $defs: {
        List_number: closed(
          {
            head: { type: 'number' },
            tail: { anyOf: [{ $ref: '#/$defs/List_number' }, { type: 'null' }] },
          },
          ['head', 'tail'],
        ),
      },
    });
  });

  it('class-validator decorators through the shared constraint table', () => {
    const declarations = `enum Status { Open = 'open', Closed = 'closed' }
      const SIZES = ['s', 'm', 'l'] as const;
      class Line {
        @cv.IsInt() @cv.Min(1) @cv.Max(99) quantity!: number;
        @cv.IsPositive() price!: number;
        @cv.IsIn(SIZES) size!: string;
        @cv.IsOptional() note?: string | null;
      }
      class Order {
        @cv.IsEmail() email!: string;
        @cv.Matches(/^[A-Z]{3}$/) currency!: string;
        @cv.Length(2, 10) code!: string;
        @cv.IsEnum(Status) status!: Status;
        @cv.IsOptional() @cv.IsUrl() site?: string;
        @cv.ArrayMaxSize(5) @cv.ArrayMinSize(1) @cv.ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];
        @cv.MaxLength(3, { each: true }) tags!: string[];
        @cv.IsOptional() maybe!: string;
      }`;
    expect(schemaOfType('Order', declarations)).toEqual({
      schema: closed(
        {
          email: { type: 'string', format: 'email' },
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
          // Code points, as JSON Schema counts (docs/build.md documents isLength's variation selectors).
          code: { type: 'string', minLength: 2, maxLength: 10 },
          status: { type: 'string', enum: ['open', 'closed'] },
          // isURL's notion has no JSON Schema form (no `uri`: isURL needs no scheme); class-validator
          // runs, and the model is told in words what a URL is.
          site: { type: 'string', pattern: URL_PATTERN, description: URL_WORDS },
          lines: {
            type: 'array',
            items: closed(
              {
                quantity: { type: 'integer', minimum: 1, maximum: 99 },
                price: { type: 'number', exclusiveMinimum: 0 },
                size: { type: 'string', enum: ['s', 'm', 'l'] },
                note: { type: ['string', 'null'] },
              },
              ['quantity', 'price', 'size'],
            ),
            minItems: 1,
            maxItems: 5,
          },
          tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
          maybe: { type: 'string' },
        },
        ['email', 'currency', 'code', 'status', 'lines', 'tags'],
      ),
      diagnostics: [],
    });
  });

  describe('a decorator that refuses every value the model can send is an error naming the fix (TW120)', () => {
    it('@IsDecimal on a number: isDecimal checks a string', () => {
      const declarations =
        'class Price { @cv.IsDecimal() amount!: number; @cv.IsDecimal({ decimal_digits: "2" }) text!: string; @cv.IsDecimal({}, { each: true }) all!: number[] }';
      const { schema, diagnostics } = schemaOfType('Price', declarations);
      expect(diagnostics).toEqual([
        expect.stringMatching(
          /TW120 .*@IsDecimal on value\.amount checks a string .* use @IsNumber\(\{ maxDecimalPlaces: n \}\) for a number/,
        ),
        expect.stringMatching(/TW120 .*@IsDecimal on each element of value\.all checks a string/),
      ]);
      expect((schema as { properties: Record<string, unknown> }).properties.text).toEqual({
        type: 'string',
        pattern: '^(?![-+]?$)[-+]?[0-9]*(?:\\.[0-9]{2})?$',
      });
    });

    it('@IsDate without @Type(() => Date): the text sent stays text', () => {
      const declarations = `class Slot {
        @cv.IsDate() start!: Date;
        @cv.IsDate() @Type(() => Date) end!: Date;
        @cv.IsOptional() @cv.IsDate() @Transform(({ value }) => new Date(value as string)) at?: Date;
      }`;
      expect(schemaOfType('Slot', declarations).diagnostics).toEqual([
        expect.stringMatching(
          /TW120 .*@IsDate on value\.start wants a Date instance, .* add @Type\(\(\) => Date\)/,
        ),
        expect.stringMatching(/TW212 @Transform on value\.at changes the value/),
      ]);
    });
  });

  it('a class-validator decorator with a non-literal argument is a warning', () => {
    const declarations = 'declare const LIMIT: number;\nclass Q { @cv.Max(LIMIT) n!: number }';
    expect(schemaOfType('Q', declarations).diagnostics).toEqual([
      expect.stringMatching(/^5:11 TW204 @Max on value\.n has an argument codegen cannot read/),
    ]);
  });

  it('@IsEmail and @IsUrl with options the schema cannot say are a warning; @IsUrl is judged by class-validator, options or not', () => {
    const declarations =
      'class Q { @cv.IsUrl({ require_tld: false }) a!: string; @cv.IsEmail({}) b!: string; @cv.IsEmail({ allow_ip_domain: true }) c!: string }';
    const { schema, diagnostics } = schemaOfType('Q', declarations);
    expect(diagnostics).toEqual([
      expect.stringMatching(/^4:11 TW208 @IsUrl on value\.a has options the schema cannot say/),
      expect.stringMatching(/^4:85 TW208 @IsEmail on value\.c has options the schema cannot say/),
    ]);
    expect(schema).toEqual(
      closed(
        {
          a: { type: 'string', pattern: URL_SHAPE_PATTERN, description: 'A URL.' },
          b: { type: 'string', format: 'email' },
          c: { type: 'string', format: 'email' },
        },
        ['a', 'b', 'c'],
      ),
    );
  });

  it('a look-alike class-validator decorator is ignored', () => {
    const declarations =
      'function Min(n: number): PropertyDecorator { return () => undefined; }\nclass Q { @Min(3) n!: number }';
    expect(schemaOfType('Q', declarations).schema).toEqual(
      closed({ n: { type: 'number' } }, ['n']),
    );
  });

  it.each([
    ['() => void', 'TW101', /a function type cannot be sent as JSON \(at value\)/],
    ['{ cb: (x: number) => string }', 'TW101', /\(at value\.cb\)/],
    ['bigint', 'TW102', /bigint cannot be sent as JSON/],
    ['symbol', 'TW103', /symbol cannot be sent as JSON/],
    ['Map<string, number>', 'TW104', /Map<string, number> cannot be sent as JSON/],
    ['Set<string>', 'TW104', /Set<string> cannot be sent as JSON/],
    ['Promise<string>', 'TW104', /Promise<string> cannot be sent as JSON/],
    ['never', 'TW105', /never has no JSON value/],
    ['{ run(): void }', 'TW104', /has methods but no data/],
  ])('%s is an error', (type, code, message) => {
    const { diagnostics } = schemaOfType(type);
    expect(diagnostics).toEqual([expect.stringContaining(code)]);
    expect(diagnostics[0]).toMatch(message);
    expect(diagnostics[0]).toMatch(/^8:14 /);
  });

  it.each(['any', 'unknown'])('%s is a warning and accepts everything', (type) => {
    expect(schemaOfType(type)).toEqual({
      schema: {},
      diagnostics: [expect.stringMatching(new RegExp(`TW201 S\\.t: the type is ${type}`))],
    });
  });
});
