/**
 * A typed result that reads better as text: the model gets `text` (a compact table, say) while
 * the value itself, typed by the method's return type, goes out as MCP `structuredContent`
 * under its output schema. The text rides on a symbol, so the value's JSON is unchanged.
 */

const TEXT = Symbol.for('toolwright:text');

/**
 * Returns `value`, carrying `text` as what the model reads.
 * @example
 * return withText({ columns, rows }, renderTable(columns, rows));
 */
export function withText<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, TEXT, { value: text, enumerable: false });
  return value;
}

/** The text a value carries from `withText()`, if any. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text = (value as Record<symbol, unknown>)[TEXT];
  return typeof text === 'string' ? text : undefined;
}
