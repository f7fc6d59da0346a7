/**
 * Keywords laid over each other: where both rules hold (decorators, documentation) the schema
 * says the stricter, and every rule it cannot fold into one keyword still holds through `allOf`;
 * a user's explicit `@Param({ schema })` fragment (`override`) states its own bounds instead.
 */
import Ajv2020 from 'ajv/dist/2020';
import { layKeywords } from './layKeywords';

const ajv = new Ajv2020({ strict: false });
const accepts = (schema: object, value: unknown): boolean => ajv.validate(schema, value);

describe('layKeywords: both rules hold', () => {
  it.each([
    [
      '@Length(2, 10) @MaxLength(20)',
      { minLength: 2, maxLength: 10 },
      { maxLength: 20 },
      { minLength: 2, maxLength: 10 },
    ],
    [
      '@MaxLength(20) @Length(2, 10)',
      { maxLength: 20 },
      { minLength: 2, maxLength: 10 },
      { minLength: 2, maxLength: 10 },
    ],
    [
      '@MinLength(4) @Length(2, 6)',
      { minLength: 4 },
      { minLength: 2, maxLength: 6 },
      { minLength: 4, maxLength: 6 },
    ],
    ['@Min(5) @Min(1)', { minimum: 5 }, { minimum: 1 }, { minimum: 5 }],
    ['@Max(3) @Max(10)', { maximum: 3 }, { maximum: 10 }, { maximum: 3 }],
    [
      '@IsPositive() twice over -1',
      { exclusiveMinimum: 0 },
      { exclusiveMinimum: -1 },
      { exclusiveMinimum: 0 },
    ],
    [
      '@IsNegative() under exclusiveMaximum 3',
      { exclusiveMaximum: 3 },
      { exclusiveMaximum: 0 },
      { exclusiveMaximum: 0 },
    ],
    ['@ArrayMinSize(2) @ArrayNotEmpty()', { minItems: 2 }, { minItems: 1 }, { minItems: 2 }],
    ['@ArrayMaxSize(3) @ArrayMaxSize(5)', { maxItems: 3 }, { maxItems: 5 }, { maxItems: 3 }],
    [
      'minProperties / maxProperties',
      { minProperties: 1, maxProperties: 2 },
      { minProperties: 0, maxProperties: 4 },
      { minProperties: 1, maxProperties: 2 },
    ],
  ])('%s: the stricter bound', (_case, base, keywords, expected) => {
    expect(layKeywords(base, keywords)).toEqual(expected);
  });

  it('@IsPositive() over @Min(0): exclusiveMinimum and minimum both kept (both hold)', () => {
    const laid = layKeywords({ type: 'number', minimum: 0 }, { exclusiveMinimum: 0 });
    expect(laid).toEqual({ type: 'number', minimum: 0, exclusiveMinimum: 0 });
    expect([0, 0.5].map((n) => accepts(laid, n))).toEqual([false, true]);
  });

  it('two steps: one that is a multiple of the other says both; else both through allOf', () => {
    expect(layKeywords({ multipleOf: 2 }, { multipleOf: 6 })).toEqual({ multipleOf: 6 });
    expect(layKeywords({ multipleOf: 6 }, { multipleOf: 2 })).toEqual({ multipleOf: 6 });
    const laid = layKeywords({ multipleOf: 2 }, { multipleOf: 3 });
    expect(laid).toEqual({ multipleOf: 2, allOf: [{ multipleOf: 3 }] });
    expect([4, 9, 12].map((n) => accepts(laid, n))).toEqual([false, false, true]);
    // Decimal steps are not folded (float division is not exact): both are stated.
    expect(layKeywords({ multipleOf: 0.05 }, { multipleOf: 0.01 })).toEqual({
      multipleOf: 0.05,
      allOf: [{ multipleOf: 0.01 }],
    });
  });

  it('two patterns: both stated; the same one once', () => {
    expect(layKeywords({ pattern: '^a' }, { pattern: 'b$' })).toEqual({
      pattern: '^a',
      allOf: [{ pattern: 'b$' }],
    });
    expect(
      layKeywords({ format: 'uuid', pattern: '^x' }, { format: 'uuid', pattern: '^x' }),
    ).toEqual({ format: 'uuid', pattern: '^x' });
  });

  it('two enums: the values both list; uniqueItems once either asks', () => {
    expect(layKeywords({ enum: ['a', 'b', null] }, { enum: ['b', 'c', null] })).toEqual({
      enum: ['b', null],
    });
    expect(layKeywords({ uniqueItems: true }, { uniqueItems: false })).toEqual({
      uniqueItems: true,
    });
  });

  it('words are the later ones', () => {
    expect(
      layKeywords(
        { description: 'A slug.', default: 'a' },
        { description: 'The id.', default: 'b' },
      ),
    ).toEqual({ description: 'The id.', default: 'b' });
  });
});

describe("layKeywords 'override': an explicit fragment states the rule instead", () => {
  it('the later bound replaces the earlier; two patterns still both hold; null is kept', () => {
    expect(
      layKeywords(
        { type: ['string', 'null'], minLength: 2, maxLength: 2, pattern: '^a' },
        { type: 'string', maxLength: 5, pattern: 'b$' },
        'override',
      ),
    ).toEqual({
      type: ['string', 'null'],
      minLength: 2,
      maxLength: 5,
      pattern: '^a',
      allOf: [{ pattern: 'b$' }],
    });
  });
});
