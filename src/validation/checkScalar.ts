/**
 * The keywords of a string or number value: lengths in code points, `pattern` and `format` (in
 * words where toolwright wrote the pattern), bounds and `multipleOf`. Leaves of the schema gate
 * (`checkSchema` walks the structure and calls these), with nothing to recurse into.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { narrowsFormat, patternWords } from '../schema/patternWords';
import { isMultipleOf } from './multipleOf';
import { regexpOf } from './regexpOf';
import { say } from './say';
import { formatWords, FORMATS } from './stringFormats';

/** JSON Schema's string length: code points, so an emoji outside the BMP is one character. */
function codePoints(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

export function checkString(value: string, schema: JsonSchema, at: string, out: string[]): void {
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const length = codePoints(value);
    if (schema.minLength !== undefined && length < schema.minLength) {
      out.push(say(at, `must be longer than or equal to ${schema.minLength} characters`));
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      out.push(say(at, `must be shorter than or equal to ${schema.maxLength} characters`));
    }
  }
  const format = schema.format ? FORMATS[schema.format] : undefined;
  const formatFails = format !== undefined && !format(value);
  if (schema.pattern !== undefined && !regexpOf(schema.pattern).test(value)) {
    out.push(...patternProblem(schema.pattern, at, formatFails));
  }
  if (formatFails) out.push(say(at, formatWords(schema.format as string, value)!));
}

/**
 * A missed pattern: in words when toolwright emitted it (nothing more when the format's own
 * message already says it), else the expression itself.
 */
function patternProblem(pattern: string, at: string, formatFails: boolean): string[] {
  const words = patternWords(pattern);
  if (words === undefined) return [say(at, `must match /${pattern}/ regular expression`)];
  return narrowsFormat(pattern) && formatFails ? [] : [say(at, words)];
}

export function checkNumber(value: number, schema: JsonSchema, at: string, out: string[]): void {
  if (schema.minimum !== undefined && value < schema.minimum)
    out.push(say(at, `must not be less than ${schema.minimum}`));
  if (schema.maximum !== undefined && value > schema.maximum)
    out.push(say(at, `must not be greater than ${schema.maximum}`));
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    out.push(say(at, `must be greater than ${schema.exclusiveMinimum}`));
  }
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
    out.push(say(at, `must be less than ${schema.exclusiveMaximum}`));
  }
  if (schema.multipleOf !== undefined && !isMultipleOf(value, schema.multipleOf)) {
    out.push(say(at, `must be a multiple of ${schema.multipleOf}`));
  }
}
