/**
 * What codegen makes of a DTO property's decorators through the shared rule set (issue 18):
 * what it cannot say is a warning at the decorator's line naming it, the schema keeps only what
 * is always true, keywords go only where the type allows them, `| null` survives a nested DTO,
 * and a schema no value satisfies is an error at the property. Every schema here also compiles
 * under ajv 2020 strict (`generate` checks it).
 */
import { generateOne } from '../__fixtures__/inlineProject';

const HEADER = `import * as cv from 'class-validator';
import { Type, Transform, Exclude } from 'class-transformer';
`;

/** The input schema and diagnostics (`line:col code message`) of a tool taking `@Params() dto: Dto`. */
function dtoTool(classes: string) {
  const result = generateOne(
    `${HEADER}${classes}\nexport class S {\n  /** Test. */\n  @Tool()\n  t(@Params() dto: Dto) { return dto; }\n}\n`,
  );
  return {
    schema: result.manifest.tools[0]?.inputSchema,
    diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`),
  };
}

describe('decorators through the shared rule set', () => {
  it('@ValidateIf: a warning at its line, the property optional, its rules left to class-validator', () => {
    const { schema, diagnostics } = dtoTool(`export class Dto {
  @cv.IsIn(['card', 'invoice']) kind!: string;
  @cv.ValidateIf((o) => o.kind.startsWith('inv')) @cv.IsString() @cv.MinLength(3) vatId!: string;
}`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^6:3 TW210 @ValidateIf on vatId: the schema makes vatId optional and leaves out its other decorators' rules.*the model is not told the condition, and class-validator checks it at run time$/,
      ),
    ]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['card', 'invoice'] },
        vatId: { type: 'string' },
      },
      required: ['kind'],
      additionalProperties: false,
    });
  });

  it('@ValidateIf(o => o.p === value): said exactly with if/then, no warning', () => {
    const { schema, diagnostics } = dtoTool(`export enum Kind { Card = 'card', Invoice = 'invoice' }
export class Dto {
  @cv.IsEnum(Kind) kind!: Kind;
  @cv.ValidateIf((o: Dto) => o.kind === Kind.Invoice) @cv.IsString() @cv.MinLength(3) vatId?: string;
  @cv.ValidateIf((o) => true === o.express) @cv.IsOptional() @cv.IsInt() @cv.Min(1) days?: number;
  @cv.IsOptional() @cv.IsBoolean() express?: boolean;
}`);
    expect(diagnostics).toEqual([]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['card', 'invoice'] },
        vatId: { type: 'string' },
        days: { type: 'number' },
        express: { type: 'boolean' },
      },
      required: ['kind'],
      additionalProperties: false,
      allOf: [
        {
          if: { properties: { kind: { const: 'invoice' } }, required: ['kind'] },
          then: { properties: { vatId: { type: 'string', minLength: 3 } }, required: ['vatId'] },
        },
        {
          if: { properties: { express: { const: true } }, required: ['express'] },
          then: { properties: { days: { type: 'integer', minimum: 1 } } },
        },
      ],
    });
  });

  it('a custom validator (registerDecorator, @Validate, an unmapped built-in): a warning, other rules kept', () => {
    const { schema, diagnostics } = dtoTool(`
function IsEven(options?: object): PropertyDecorator {
  return (target, name) => cv.registerDecorator({ target: target.constructor, propertyName: name, options, validator: {} });
}
class Anything {}
export class Dto {
  @IsEven() @cv.Min(0) count!: number;
  @cv.Validate(Anything) code!: string;
  @cv.IsAlpha() word!: string;
}`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^10:3 TW211 @IsEven on count is a validator the schema cannot say; the model is not told its rule, and class-validator checks it at run time$/,
      ),
      expect.stringMatching(/^11:3 TW211 @Validate on code /),
      expect.stringMatching(/^12:3 TW211 @IsAlpha on word /),
    ]);
    expect(schema?.properties.count).toEqual({ type: 'number', minimum: 0 });
  });

  it('@Transform: a warning, and the schema says nothing of the value but its description', () => {
    const { schema, diagnostics } = dtoTool(`export class Dto {
  /** The page, from 1. */
  @Transform(({ value }) => Number(value)) @cv.IsInt() @cv.Min(1) page!: number;
  @Exclude() @cv.IsString() secret?: string;
}`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^6:3 TW212 @Transform on page changes the value before class-validator sees it/,
      ),
      expect.stringMatching(/^7:3 TW212 @Exclude on secret /),
    ]);
    expect(schema?.properties).toEqual({ page: { description: 'The page, from 1.' }, secret: {} });
    expect(schema?.required).toBeUndefined();
  });

  it('`| null` stays on a nested DTO property (`region?: RegionDto | null`)', () => {
    const { schema, diagnostics } =
      dtoTool(`export class RegionDto { @cv.IsString() code!: string; }
export class Dto {
  @cv.IsOptional() @cv.ValidateNested() @Type(() => RegionDto) region?: RegionDto | null;
}`);
    expect(diagnostics).toEqual([]);
    expect(schema?.properties.region).toEqual({
      type: ['object', 'null'],
      properties: { code: { type: 'string' } },
      required: ['code'],
      additionalProperties: false,
    });
  });

  it('@IsNotEmpty: minLength only where the type has strings', () => {
    const { schema } = dtoTool(`export class Inner { @cv.IsString() a!: string; }
export class Dto {
  @cv.IsNotEmpty() @cv.IsInt() count!: number;
  @cv.IsNotEmpty() @cv.ValidateNested() @Type(() => Inner) inner!: Inner;
  @cv.IsNotEmpty() name!: string;
  @cv.IsNotEmpty({ each: true }) tags!: string[];
}`);
    expect(schema?.properties.count).toEqual({ type: 'integer' });
    expect(schema?.properties.inner).not.toHaveProperty('minLength');
    expect(schema?.properties.name).toEqual({ type: 'string', minLength: 1 });
    expect(schema?.properties.tags).toEqual({
      type: 'array',
      items: { type: 'string', minLength: 1 },
    });
  });

  it('a constraint narrows the type to what its validator passes; null only where @IsOptional skips it', () => {
    const { schema } = dtoTool(`export class Dto {
  @cv.Min(1) amount!: number | string;
  @cv.IsInt() count!: number | null;
  @cv.IsOptional() @cv.IsInt() limit?: number | null;
}`);
    expect(schema?.properties).toEqual({
      amount: { type: 'number', minimum: 1 },
      count: { type: 'integer' },
      limit: { type: ['integer', 'null'] },
    });
  });

  it('a `?` property whose validators refuse undefined is required, as class-validator has it', () => {
    const { schema } = dtoTool(`export class Dto {
  @cv.IsString() name?: string;
  @cv.IsOptional() @cv.IsString() nick?: string;
  @cv.IsInt() limit: number = 10;
}`);
    expect(schema?.required).toEqual(['name']);
    expect(schema?.properties.limit).toEqual({ type: 'integer', default: 10 });
  });

  it('a rule stated twice (two decorators, a JSDoc tag and a decorator): the stricter holds, exactly', () => {
    const { schema, diagnostics } = dtoTool(`export class Dto {
  @cv.IsString() @cv.Length(2, 10) @cv.MaxLength(20) name!: string;
  /** @maxLength 8 */
  @cv.IsString() @cv.MaxLength(12) nick!: string;
  /**
   * @minimum 0
   * @multipleOf 0.05
   */
  @cv.IsNumber({ maxDecimalPlaces: 2 }) @cv.Min(5) @cv.Min(1) price!: number;
  @cv.IsIn(['a', 'b']) kind!: 'a' | 'c';
  @cv.ArrayMaxSize(3) @cv.ArrayMaxSize(5) @cv.ArrayNotEmpty() @cv.ArrayMinSize(2) tags!: string[];
}`);
    expect(diagnostics).toEqual([]);
    expect(schema?.properties).toEqual({
      name: { type: 'string', minLength: 2, maxLength: 10 },
      nick: { type: 'string', maxLength: 8 },
      price: { type: 'number', minimum: 5, multipleOf: 0.05, allOf: [{ multipleOf: 0.01 }] },
      kind: { type: 'string', enum: ['a'] },
      tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 3 },
    });
  });

  it('a schema no value can satisfy is an error at the property', () => {
    const { diagnostics } = dtoTool(`export class Dto {
  @cv.Min(10) @cv.Max(1) a!: number;
  @cv.Min(1) b!: string;
  @cv.IsIn([]) c!: string;
  @cv.MinLength(5) @cv.MaxLength(2) d!: string;
  @cv.IsInt() @cv.Min(1.2) @cv.Max(1.8) e!: number;
  @cv.ArrayMinSize(3) @cv.ArrayMaxSize(1) f!: string[];
  @cv.IsPositive() @cv.Max(0) g!: number;
}`);
    expect(diagnostics).toEqual([
      '5:26 TW114 no value can satisfy a: its bounds leave no number (at least 10, at most 1); fix its decorators or type',
      '6:14 TW114 no value can satisfy b: its decorators leave no JSON type (each refuses the others’ types); fix its decorators or type',
      '7:16 TW114 no value can satisfy c: no value is left in its enum; fix its decorators or type',
      '8:37 TW114 no value can satisfy d: its length must be at least 5 and at most 2; fix its decorators or type',
      '9:41 TW114 no value can satisfy e: its bounds leave no integer (at least 1.2, at most 1.8); fix its decorators or type',
      '10:43 TW114 no value can satisfy f: it must have at least 3 and at most 1 elements; fix its decorators or type',
      '11:31 TW114 no value can satisfy g: its bounds leave no number (above 0, at most 0); fix its decorators or type',
    ]);
  });

  it("a property class-validator's whitelist refuses is left out, with a warning", () => {
    const { schema, diagnostics } = dtoTool(`export class Dto {
  @cv.IsString() name!: string;
  nickname?: string;
  @cv.Allow() note?: string;
}`);
    expect(diagnostics).toEqual([
      "6:3 TW213 nickname has no class-validator decorator, so class-validator's whitelist refuses it and the schema leaves it out; add a validator (or @Allow()) to accept it",
    ]);
    expect(Object.keys(schema?.properties ?? {})).toEqual(['name', 'note']);
  });
});
