/**
 * What a decorator that refuses every value its property can be sent (`Refusal`, decided by the
 * rule set) is told as, with the fix: the one wording codegen's TW120 and `register()`'s
 * definition error share. A table: one entry per decorator that has a fix of its own.
 */
import type { Refusal } from './propertyRules';

const WORDS: Record<string, (path: string) => string> = {
  IsDecimal: (path) =>
    `@IsDecimal on ${path} checks a string (validator.js isDecimal) and refuses every number, ` +
    'so no value the model sends can pass; type the property as a string, or use ' +
    '@IsNumber({ maxDecimalPlaces: n }) for a number',
  IsDate: (path) =>
    `@IsDate on ${path} wants a Date instance, which JSON never carries: the date-time text ` +
    'the model sends stays text and class-validator refuses it; add @Type(() => Date) ' +
    '(class-transformer) so the text becomes a Date, or validate with ' +
    'transformOptions: { enableImplicitConversion: true }',
};

/** True when the refusal is one toolwright words with its own fix (the others are "no value can satisfy"). */
export const hasRefusalWords = (refusal: Refusal): boolean =>
  Object.hasOwn(WORDS, refusal.decorator);

/** Why `refusal`'s decorator refuses every value the property at `path` can be sent, with the fix. */
export function refusalWords(refusal: Refusal, path: string): string {
  const at = refusal.each ? `each element of ${path}` : path;
  return Object.hasOwn(WORDS, refusal.decorator)
    ? WORDS[refusal.decorator]!(at)
    : `@${refusal.decorator} on ${at} passes no value of its type, so no value the model sends can pass; fix its decorators or type`;
}
