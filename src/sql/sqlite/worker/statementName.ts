/**
 * The name of a refused statement as its author wrote it (`DROP TABLE`, `CREATE TEMP TABLE`,
 * `ANALYZE`), for the refusal's message: the authorizer's first denied action names a step of
 * the statement instead (a `DROP` first deletes from the schema table).
 */

/** Statements named by their leading keywords; any other (a SELECT, WITH …) by the action denied. */
const STATEMENTS = new Set([
  'ALTER',
  'ANALYZE',
  'ATTACH',
  'BEGIN',
  'COMMIT',
  'CREATE',
  'DELETE',
  'DETACH',
  'DROP',
  'END',
  'INSERT',
  'REINDEX',
  'RELEASE',
  'REPLACE',
  'ROLLBACK',
  'SAVEPOINT',
  'UPDATE',
  'VACUUM',
]);

/** Words between CREATE or DROP and the object's kind. */
const MODIFIERS = new Set(['TEMP', 'TEMPORARY', 'UNIQUE', 'VIRTUAL']);

/** The SQL's words after leading white space and comments, upper case (at most six). */
function leadingWords(sql: string): string[] {
  const text = sql.replace(/^(?:\s|--[^\n]*(?:\n|$)|\/\*[^]*?(?:\*\/|$))*/, '');
  return (text.match(/^[A-Za-z]+(?:\s+[A-Za-z]+){0,5}/)?.[0] ?? '')
    .split(/\s+/)
    .map((word) => word.toUpperCase());
}

/**
 * The statement `sql` starts with, or `action` when it starts otherwise.
 * @example
 * statementName('drop table orders', 'DELETE'); // 'DROP TABLE'
 */
export function statementName(sql: string, action: string): string {
  const words = leadingWords(sql);
  const first = words[0] ?? '';
  if (!STATEMENTS.has(first)) return action;
  if (first !== 'CREATE' && first !== 'DROP') return first;
  const name = [first];
  for (const word of words.slice(1)) {
    name.push(word === 'TEMPORARY' ? 'TEMP' : word);
    if (!MODIFIERS.has(word)) break;
  }
  return name.join(' ');
}
