/**
 * Typed results over MCP: MCP wants an output schema of `type: 'object'`, so a tool whose
 * result is anything else (a number, an array, a string) is described as `{ result: … }` and
 * its `structuredContent` is sent in that same shape. One place decides the shape, so
 * `tools/list` and `tools/call` cannot disagree.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { checkSchema } from '../validation/checkSchema';
import { textOf } from '../content/withText';

/** How one tool's results go out: the schema `tools/list` shows and how a value is wrapped. */
export interface OutputShape {
  /** The MCP `outputSchema` (always `type: 'object'` at the top). */
  schema: JsonSchema & { type: 'object' };
  /** True when results are wrapped as `{ result: value }`. */
  wrapped: boolean;
  /** The tool's own schema (what the method's return type says), for checking results. */
  source: JsonSchema;
}

/** The property a non-object result is carried under. */
export const RESULT_KEY = 'result';

/**
 * The output shape of a tool's schema: object schemas as they are, anything else wrapped.
 * @example
 * outputShapeOf({ type: 'number' }).schema; // { type: 'object', properties: { result: { type: 'number' } }, ... }
 */
export function outputShapeOf(source: JsonSchema): OutputShape {
  if (source.type === 'object') {
    return { schema: source as OutputShape['schema'], wrapped: false, source };
  }
  const { $defs, ...inner } = source;
  const schema: OutputShape['schema'] = {
    type: 'object',
    properties: { [RESULT_KEY]: inner },
    required: [RESULT_KEY],
    additionalProperties: false,
    ...($defs ? { $defs } : {}),
  };
  return { schema, wrapped: true, source };
}

/**
 * The `structuredContent` of a result: the method's value as JSON would carry it (a `Date`
 * becomes its ISO text, `undefined` properties vanish), wrapped when the shape says so. `text`
 * is the JSON the text block already carries, reused rather than serialised twice (unless the
 * value carries its own text, from `withText()`).
 */
export function structuredContentOf(
  shape: OutputShape,
  value: unknown,
  text: string,
): Record<string, unknown> {
  const json =
    typeof value === 'string'
      ? value
      : textOf(value) !== undefined
        ? (JSON.parse(JSON.stringify(value)) as unknown)
        : parseJson(text);
  return shape.wrapped ? { [RESULT_KEY]: json } : (json as Record<string, unknown>);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * What is wrong with a result against the tool's output schema, one `path: message` per
 * problem (paths start at `result`); empty when it matches.
 */
export function outputProblems(shape: OutputShape, structured: Record<string, unknown>): string[] {
  const value = shape.wrapped ? structured[RESULT_KEY] : structured;
  return checkSchema(value, shape.source, RESULT_KEY, shape.source.$defs ?? {});
}
