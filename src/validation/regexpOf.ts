/**
 * The schema's patterns as `RegExp`s, compiled once per pattern and cached for the process: the
 * gate tests `pattern` and `patternProperties` on every call.
 */

/** Patterns compiled once (Unicode mode, as JSON Schema's ECMA-262 dialect and ajv use them). */
const REGEXPS = new Map<string, RegExp>();
export function regexpOf(pattern: string): RegExp {
  let regexp = REGEXPS.get(pattern);
  if (!regexp) REGEXPS.set(pattern, (regexp = new RegExp(pattern, 'u')));
  return regexp;
}
