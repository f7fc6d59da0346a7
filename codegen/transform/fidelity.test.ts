/**
 * Codegen fidelity (issue 10): every JSON-expressible TypeScript type and every JSDoc tag as a
 * user writes it, one inline source per case, compared as whole schemas. (`generate` also
 * compiles every emitted schema under ajv 2020 strict.)
 */
import Ajv2020 from 'ajv/dist/2020';
import { ts } from 'ts-morph';
import { DecoratorResolver } from '../collect/decoratorOrigin';
import { PackageLocator } from '../collect/PackageLocator';
import { generate, inlineProject, schemaOfType, ROOT } from '../__fixtures__/inlineProject';
import { typeToSchema } from './typeToSchema';
import { DATE_TIME_PATTERN } from '../../src/schema/formatPatterns';

const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

describe('arrays and tuples', () => {
  it('an interface extending Array<T> is an array of T', () => {
    const declarations = 'interface Tag { name: string }\ninterface Tags extends Array<Tag> {}';
    expect(schemaOfType('Tags', declarations)).toEqual({
      schema: { type: 'array', items: closed({ name: { type: 'string' } }, ['name']) },
      diagnostics: [],
    });
    expect(schemaOfType('Ids', 'interface Ids extends ReadonlyArray<number> {}\n').schema).toEqual({
      type: 'array',
      items: { type: 'number' },
    });
  });

  it('an array intersected with a tuple is the tuple: its length and elements', () => {
    expect(schemaOfType('string[] & [string]')).toEqual({
      schema: {
        type: 'array',
        prefixItems: [{ type: 'string' }],
        items: false,
        minItems: 1,
        maxItems: 1,
      },
      diagnostics: [],
    });
  });

  it('the empty tuple admits only the empty array', () => {
    expect(schemaOfType('[]')).toEqual({ schema: { type: 'array', maxItems: 0 }, diagnostics: [] });
    expect(schemaOfType('[...string[]]').schema).toEqual({
      type: 'array',
      items: { type: 'string' },
    });
  });
});

describe('enums hold their members’ real values', () => {
  it.each([
    ["enum E { A = 0, B = 'x' }", 'E', { type: ['number', 'string'], enum: [0, 'x'] }],
    [
      'enum E { A = true as any, B = null as any, C = 2 }',
      'E',
      { type: ['boolean', 'null', 'number'], enum: [true, null, 2] },
    ],
    [
      'enum E { A = true as any, B = 3 }',
      'E | null',
      { type: ['boolean', 'number', 'null'], enum: [true, 3, null] },
    ],
    ['enum E { A = 1, B = 2 }', 'E.B', { type: 'number', enum: [2] }],
    ['enum E { A, B, C = 10, D }', 'E', { type: 'number', enum: [0, 1, 10, 11] }],
  ])('%s: %s', (declarations, type, schema) => {
    expect(schemaOfType(type, declarations)).toEqual({ schema, diagnostics: [] });
  });
});

describe('plain classes as parameter types', () => {
  const POINT = `class Point {
    x = 0;
    label: string = 'origin';
    y!: number;
    get norm(): number { return 1; }
    set scale(value: number) {}
    get z(): number { return 0; }
    set z(value: number) {}
    move(): void {}
    static origin = new Point();
    private secret = 'no';
    #hidden = 1;
  }`;

  it('data members only: no getters, setters, methods, statics or private fields', () => {
    expect(schemaOfType('Point', POINT)).toEqual({
      schema: closed(
        {
          x: { type: 'number', default: 0 },
          label: { type: 'string', default: 'origin' },
          y: { type: 'number' },
        },
        ['y'],
      ),
      diagnostics: [],
    });
  });

  it('an initializer makes a property optional with a default only in the input direction', () => {
    const project = inlineProject({
      'src/point.ts': `${POINT}\nexport const p: Point = new Point();`,
    });
    const program = project.getProgram().compilerObject;
    const checker = program.getTypeChecker();
    const file = program.getSourceFile(`${ROOT}/src/point.ts`)!;
    const variable = file.statements.find(ts.isVariableStatement)!.declarationList.declarations[0]!;
    const context = {
      checker,
      resolver: new DecoratorResolver(checker, new PackageLocator(project.getFileSystem())),
      report: () => undefined,
    };
    const type = checker.getTypeAtLocation(variable);
    expect(typeToSchema(type, { ...context, direction: 'output' })).toEqual(
      closed({ x: { type: 'number' }, label: { type: 'string' }, y: { type: 'number' } }, [
        'x',
        'label',
        'y',
      ]),
    );
    expect(typeToSchema(type, context)).toEqual(schemaOfType('Point', POINT).schema);
  });
});

describe('built-in classes', () => {
  const URL_DTS = 'declare class URL { constructor(url: string); href: string; toJSON(): string }';
  const withUrl = (type: string) => {
    const result = generate({
      'src/url.d.ts': URL_DTS,
      'src/service.ts': `import { Tool, Param } from 'toolwright';\nexport class S {\n  /** Test. */\n  @Tool()\n  t(@Param() value: ${type}) { return value; }\n}\n`,
    });
    return {
      schema: result.manifest.tools[0]!.inputSchema.properties.value,
      diagnostics: result.diagnostics.map((d) => `${d.code} ${d.message}`),
    };
  };

  it('Date is a date-time string; URL a uri string', () => {
    expect(schemaOfType('Date')).toEqual({
      schema: { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
      diagnostics: [],
    });
    expect(withUrl('{ at: Date; link: URL; links?: URL[] }')).toEqual({
      schema: closed(
        {
          at: { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
          link: { type: 'string', format: 'uri' },
          links: { type: 'array', items: { type: 'string', format: 'uri' } },
        },
        ['at', 'link'],
      ),
      diagnostics: [],
    });
  });

  it.each([
    ['RegExp', 'TW104', 'RegExp cannot be sent as JSON (at value); take the pattern as a string'],
    [
      'Map<string, number>',
      'TW104',
      'Map<string, number> cannot be sent as JSON (at value); use Record<string, V>',
    ],
    ['Set<string>', 'TW104', 'Set<string> cannot be sent as JSON (at value); use an array'],
    [
      'Promise<number>',
      'TW104',
      'Promise<number> cannot be sent as JSON (at value); take the resolved value',
    ],
    [
      '(x: number) => void',
      'TW101',
      'a function type cannot be sent as JSON (at value); take the data it needs instead',
    ],
    ['symbol', 'TW103', 'symbol cannot be sent as JSON (at value); use a string'],
  ])('%s stays an error, with its fix', (type, code, message) => {
    const { schema, diagnostics } = schemaOfType(type);
    expect(schema).toEqual({});
    expect(diagnostics).toEqual([expect.stringContaining(`${code} S.t: ${message}`)]);
  });
});

describe('record keys', () => {
  it('symbol keys are an error: JSON keys are strings', () => {
    expect(schemaOfType('Record<symbol, number>').diagnostics).toEqual([
      '8:14 TW103 S.t: symbol keys cannot be sent as JSON (at value); key the object by string (Record<string, T>)',
    ]);
  });

  it('template-literal keys become patternProperties; other keys stay closed', () => {
    expect(schemaOfType('Record<`id-${string}`, number>')).toEqual({
      schema: {
        type: 'object',
        properties: {},
        patternProperties: { '^id-.*$': { type: 'number' } },
        additionalProperties: false,
      },
      diagnostics: [],
    });
    expect(
      schemaOfType(
        '{ [k: `x-${number}`]: string; [k: `on${Capitalize<string>}`]: boolean; fixed: string }',
      ).schema,
    ).toEqual({
      type: 'object',
      properties: { fixed: { type: 'string' } },
      required: ['fixed'],
      patternProperties: {
        '^x-[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?$': { type: 'string' },
        '^on.*$': { type: 'boolean' },
      },
      additionalProperties: false,
    });
  });
});

describe('type-level JSDoc', () => {
  it('an interface, alias or class description goes into the schema; a property’s wins', () => {
    const declarations = `/** A postal address. */
      interface Address { street: string }
      /** A point on a map. */
      type Point = { lat: number; lng: number };
      /** A customer. */
      class Customer { name!: string }
      interface Order {
        /** Where to ship. */
        shipTo: Address;
        billTo: Address;
        at: Point;
        by: Customer;
      }`;
    const address = closed({ street: { type: 'string' } }, ['street']);
    expect(schemaOfType('Order', declarations)).toEqual({
      schema: closed(
        {
          shipTo: { ...address, description: 'Where to ship.' },
          billTo: { ...address, description: 'A postal address.' },
          at: {
            ...closed({ lat: { type: 'number' }, lng: { type: 'number' } }, ['lat', 'lng']),
            description: 'A point on a map.',
          },
          by: { ...closed({ name: { type: 'string' } }, ['name']), description: 'A customer.' },
        },
        ['shipTo', 'billTo', 'at', 'by'],
      ),
      diagnostics: [],
    });
  });

  it('the JSDoc of an alias of a primitive, through nullable and array uses', () => {
    const declarations = `/**
       * A URL slug.
       * @pattern ^[a-z-]+$
       * @maxLength 40
       */
      type Slug = string;
      /** @minimum 0 */
      type Age = Slug extends string ? number : never;`;
    const slug = {
      type: 'string',
      description: 'A URL slug.',
      pattern: '^[a-z-]+$',
      maxLength: 40,
    };
    expect(schemaOfType('{ a: Slug; b?: Slug | null; c: Slug[]; d: Age }', declarations)).toEqual({
      schema: closed(
        {
          a: slug,
          b: { ...slug, type: ['string', 'null'] },
          c: { type: 'array', items: slug },
          d: { type: 'number', minimum: 0 },
        },
        ['a', 'c', 'd'],
      ),
      diagnostics: [],
    });
  });
});

describe('documentation over a type adds rules: where both state one, the stricter holds', () => {
  it('a property over its alias, an alias over the alias it names, a tag over a tuple', () => {
    const declarations = `/** A slug. @maxLength 40 */
      type Slug = string;
      /**
       * A longer slug.
       * @maxLength 80
       * @minLength 2
       */
      type LongSlug = Slug;`;
    const type = `{
      /** @maxLength 60 */
      a: Slug;
      /** @maxLength 20 */
      b: Slug;
      c: LongSlug;
      /** @minItems 1 */
      d: [string, string];
    }`;
    expect(schemaOfType(type, declarations)).toEqual({
      schema: closed(
        {
          a: { type: 'string', description: 'A slug.', maxLength: 40 },
          b: { type: 'string', description: 'A slug.', maxLength: 20 },
          c: { type: 'string', description: 'A longer slug.', maxLength: 40, minLength: 2 },
          d: {
            type: 'array',
            prefixItems: [{ type: 'string' }, { type: 'string' }],
            items: false,
            minItems: 2,
            maxItems: 2,
          },
        },
        ['a', 'b', 'c', 'd'],
      ),
      diagnostics: [],
    });
  });
});

describe('JSDoc tags', () => {
  const TAGS = `/**
   * @minimum 1
   * @maximum 10
   * @multipleOf 0.5
   * @title Quantity
   * @description How many to order.
   * @default 2
   * @examples [2, 4]
   * @deprecated use amount
   */`;
  const TEXT_TAGS = `/**
   * @minLength 2
   * @maxLength 8
   * @pattern ^[A-Z]+$
   * @format email
   * @examples "AB"
   */`;
  const ARRAY_TAGS = '/** @minItems 1 @maxItems 3 @uniqueItems */';
  const quantity = {
    type: 'number',
    minimum: 1,
    maximum: 10,
    multipleOf: 0.5,
    title: 'Quantity',
    description: 'How many to order. Deprecated: use amount',
    default: 2,
    examples: [2, 4],
    deprecated: true,
  };
  const code = {
    type: 'string',
    minLength: 2,
    maxLength: 8,
    pattern: '^[A-Z]+$',
    format: 'email',
    examples: ['AB'],
  };
  const list = {
    type: 'array',
    items: { type: 'number' },
    minItems: 1,
    maxItems: 3,
    uniqueItems: true,
  };

  it.each([
    [
      'interface',
      `interface T {\n${TAGS}\nq: number;\n${TEXT_TAGS}\nc: string;\n${ARRAY_TAGS}\nl: number[] }`,
      'T',
    ],
    [
      'type literal',
      `type T = {\n${TAGS}\nq: number;\n${TEXT_TAGS}\nc: string;\n${ARRAY_TAGS}\nl: number[] }`,
      'T',
    ],
    [
      'class',
      `class T {\n${TAGS}\nq!: number;\n${TEXT_TAGS}\nc!: string;\n${ARRAY_TAGS}\nl!: number[] }`,
      'T',
    ],
    [
      'Required<> of an interface',
      `interface B {\n${TAGS}\nq?: number;\n${TEXT_TAGS}\nc?: string;\n${ARRAY_TAGS}\nl?: number[] }`,
      'Required<B>',
    ],
    [
      'intersection',
      `interface A {\n${TAGS}\nq: number }\ntype B = {\n${TEXT_TAGS}\nc: string;\n${ARRAY_TAGS}\nl: number[] }`,
      'A & B',
    ],
  ])('on properties of a(n) %s', (_kind, declarations, type) => {
    expect(schemaOfType(type, declarations)).toEqual({
      schema: closed({ q: quantity, c: code, l: list }, ['q', 'c', 'l']),
      diagnostics: [],
    });
  });

  it('on aliases', () => {
    const declarations = `${TAGS}\ntype Q = number;\n${TEXT_TAGS}\ntype C = string;\n${ARRAY_TAGS}\ntype L = number[];`;
    expect(schemaOfType('{ q: Q; c: C; l: L }', declarations).schema).toEqual(
      closed({ q: quantity, c: code, l: list }, ['q', 'c', 'l']),
    );
  });

  it('a tag written twice holds twice: the stricter bound whatever the order, both patterns', () => {
    const declarations = `interface T {
      /** @maxLength 10 @maxLength 20 */
      a: string;
      /** @maxLength 20 @maxLength 10 @minLength 3 @minLength 1 */
      b: string;
      /** @minimum 5 @minimum 1 @exclusiveMaximum 50 @exclusiveMaximum 100 */
      n: number;
      /** @multipleOf 4 @multipleOf 2 */
      m: number;
      /** @minItems 2 @minItems 1 @maxItems 3 @maxItems 9 @uniqueItems @uniqueItems false */
      l: number[];
      /** @pattern ^[a-z]+$ @pattern ^.{2,}$ */
      p: string;
      /** @description First. @description Second. @default 1 @default 2 */
      w: number;
    }`;
    const { schema, diagnostics } = schemaOfType('T', declarations);
    expect({ schema, diagnostics }).toEqual({
      schema: closed(
        {
          a: { type: 'string', maxLength: 10 },
          b: { type: 'string', maxLength: 10, minLength: 3 },
          n: { type: 'number', minimum: 5, exclusiveMaximum: 50 },
          m: { type: 'number', multipleOf: 4 },
          l: {
            type: 'array',
            items: { type: 'number' },
            minItems: 2,
            maxItems: 3,
            uniqueItems: true,
          },
          p: { type: 'string', pattern: '^[a-z]+$', allOf: [{ pattern: '^.{2,}$' }] },
          // Words are not rules: the later one says it.
          w: { type: 'number', description: 'Second.', default: 2 },
        },
        ['a', 'b', 'n', 'm', 'l', 'p', 'w'],
      ),
      diagnostics: [],
    });
    // What a validator of the emitted schema lets through: neither tag alone is enough.
    const valid = new Ajv2020({ strict: true }).compile(schema as object);
    const base = { a: 'x', b: 'xyz', n: 5, m: 4, l: [1, 2], p: 'ab', w: 0 };
    const accepts = (change: Record<string, unknown>) => valid({ ...base, ...change });
    expect(accepts({})).toBe(true);
    expect(
      [
        { a: 'x'.repeat(15) },
        { b: 'x'.repeat(15) },
        { b: 'xy' },
        { n: 3 },
        { n: 50 },
        { m: 6 },
        { l: [1] },
        { l: [1, 2, 3, 4] },
        { l: [1, 1] },
        { p: 'a' },
        { p: 'a1' },
      ].filter(accepts),
    ).toEqual([]);
  });

  it('a malformed tag is a TW206 warning at its line, and is ignored', () => {
    const declarations = `interface T {
      /** @minimum abc */
      n: number;
      /**
       * Text.
       * @maxLength -1
       * @pattern ([a-z
       */
      s: string;
      /** @uniqueItems maybe @minimum 1 */
      l: string[];
    }`;
    expect(schemaOfType('T', declarations)).toEqual({
      schema: closed(
        {
          n: { type: 'number' },
          s: { type: 'string', description: 'Text.' },
          l: { type: 'array', items: { type: 'string' } },
        },
        ['n', 's', 'l'],
      ),
      diagnostics: [
        '5:11 TW206 @minimum "abc" on value.n is not a number; fix the tag (it is ignored)',
        '9:10 TW206 @maxLength "-1" on value.s is not a whole number ≥ 0; fix the tag (it is ignored)',
        '10:10 TW206 @pattern "([a-z" on value.s is not a regular expression; fix the tag (it is ignored)',
        '13:11 TW206 @uniqueItems "maybe" on value.l is not nothing, true or false; fix the tag (it is ignored)',
        '13:30 TW206 @minimum on value.l applies to number or integer values, not to array; fix the tag (it is ignored)',
      ],
    });
  });
});
