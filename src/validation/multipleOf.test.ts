import { isNumber } from 'class-validator';
import fc from 'fast-check';
import { checkSchema } from './checkSchema';
import { isMultipleOf } from './multipleOf';
import { casesText, propertyRuns } from '../../test/propertyRuns';

describe('multipleOf', () => {
  it('accepts prices that are whole cents (a float division refused 0.07, 0.29 and 19.99)', () => {
    const price = { type: 'number' as const, multipleOf: 0.01 };
    for (const value of [0.07, 0.29, 19.99, 1.1, 0.3, 1234567.89, -4.35, 0, 100]) {
      expect(checkSchema(value, price, 'price')).toEqual([]);
    }
  });

  it('refuses what is not a multiple, naming the divisor', () => {
    expect(checkSchema(0.075, { type: 'number', multipleOf: 0.01 }, 'price')).toEqual([
      'price: price must be a multiple of 0.01',
    ]);
    expect(checkSchema(7, { type: 'integer', multipleOf: 5 }, 'n')).toEqual([
      'n: n must be a multiple of 5',
    ]);
  });

  it('reads each number as the decimal it prints as, exponents included', () => {
    expect(isMultipleOf(3.0000000000000004, 0.01)).toBe(false);
    expect(isMultipleOf(1e-7, 0.01)).toBe(false);
    expect(isMultipleOf(1.5e-7, 5e-8)).toBe(true);
    expect(isMultipleOf(1e21, 0.25)).toBe(true);
    expect(isMultipleOf(1e21, 7)).toBe(false);
    expect(isMultipleOf(7.5, 2.5)).toBe(true);
    expect(isMultipleOf(-0, 0.1)).toBe(true);
    expect(isMultipleOf(2 ** 53 + 2, 2)).toBe(true);
    expect(isMultipleOf(Number.MAX_VALUE, 1e-300)).toBe(true);
  });

  it('is never true for a divisor that is not above 0', () => {
    expect(isMultipleOf(1, 0)).toBe(false);
    expect(isMultipleOf(1, -1)).toBe(false);
  });

  // class-validator's own reading of decimals: `@IsNumber({ maxDecimalPlaces: k })` counts the
  // digits after the point of String(value), which is "multiple of 10^-k" (away from the
  // exponent notation String() uses below 1e-6, where maxDecimalPlaces itself misreads).
  it(`agrees with class-validator maxDecimalPlaces on ${casesText(propertyRuns(20_000))} numbers`, () => {
    const numbers = fc.oneof(
      fc
        .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }))
        .map(([n, k]) => n / 10 ** k),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    const places = fc.integer({ min: 0, max: 6 });
    fc.assert(
      fc.property(numbers, places, (value, k) => {
        fc.pre(value === 0 || Math.abs(value) >= 1e-6);
        const divisor = Number(`1e-${k}`);
        return isMultipleOf(value, divisor) === isNumber(value, { maxDecimalPlaces: k });
      }),
      { numRuns: propertyRuns(20_000), seed: 7 },
    );
  });
});
