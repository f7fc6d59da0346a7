/**
 * JSON Schema's `multipleOf`, exact for decimal divisors: a number is read as the decimal its
 * JSON text (and `String(n)`, the shortest text that reads back as the same double) says, so
 * 0.07, 0.29 and 19.99 are multiples of 0.01, as class-validator's `maxDecimalPlaces` counts
 * digits of that same text. `Number.isInteger(value / divisor)` (and ajv's default, `res !==
 * parseInt(res)`) divides binary fractions and refuses them. Our own code: no maintained library
 * does this one comparison without pulling a decimal arithmetic package into the runtime.
 */

/** A finite number as `digits × 10^exponent`, read from its shortest text: 19.99 → [1999n, -2]. */
function decimalOf(value: number): [digits: bigint, exponent: number] {
  const [mantissa, power = '0'] = String(value).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  return [BigInt(whole + fraction), Number(power) - fraction.length];
}

/** True when `value` is an integer multiple of `divisor` (> 0), both read as the decimals they print as. */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  if (Number.isSafeInteger(value) && Number.isSafeInteger(divisor)) return value % divisor === 0;
  const [a, ea] = decimalOf(value);
  const [b, eb] = decimalOf(divisor);
  const exponent = Math.min(ea, eb);
  const scaledValue = a * 10n ** BigInt(ea - exponent);
  const scaledDivisor = b * 10n ** BigInt(eb - exponent);
  return scaledValue % scaledDivisor === 0n;
}
