/**
 * How an error line names where a problem is: `items[0].quantity`, and `ids["id-a"]` for a key
 * that is not an identifier (written as a JavaScript accessor, so the path is unambiguous and
 * says the whole key). One place for the gate, the input guard and class-validator's errors.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` (a property name, or an array index) under `parent` ('' at the root). */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The property a path ends in, as class-validator names it in its messages (`quantity must be
 * …`): an array index names its array; the root is `input`.
 */
export function leafOf(path: string): string {
  const withoutIndex = path.replace(/\[\d+\]$/, '');
  const quoted = /\[("(?:[^"\\]|\\.)*")\]$/.exec(withoutIndex);
  if (quoted) return JSON.parse(quoted[1]) as string;
  return /([A-Za-z_$][\w$]*)$/.exec(withoutIndex)?.[1] ?? 'input';
}
