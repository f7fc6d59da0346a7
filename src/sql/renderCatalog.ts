/** The catalog as the model reads it: `list_tables`' lines and `describe_table`'s text, bounded. */
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import type { SqlCell, TableDescription, TableSummary } from './SqlEngine';

/** One line per table: name, kind, rows, comment; cut to `maxChars`. */
export function renderTables(
  tables: readonly TableSummary[],
  pattern: string | undefined,
  maxChars: number,
): string {
  if (tables.length === 0) {
    const none = pattern
      ? `No table matches ${JSON.stringify(pattern)}.`
      : 'The database has no tables.';
    return cutAtCodePoint(none, maxChars);
  }
  const lines = tables.map((t) => {
    const rows =
      t.rows === undefined
        ? ''
        : `, ${t.estimated ? 'about ' : ''}${t.rows} row${t.rows === 1 ? '' : 's'}`;
    const comment = t.comment ? ` — ${t.comment}` : '';
    return `${t.name} (${t.kind}${rows})${comment}`;
  });
  const note = (shown: number) =>
    `(cut at the ${maxChars}-character budget: ${shown} of ${tables.length} tables shown; pass a pattern such as "order%")`;
  return fitLines(lines, maxChars, note);
}

const cell = (value: SqlCell): string => (value === null ? 'NULL' : String(value));

/** A table's columns, keys, indexes (and sample rows), cut to `maxChars`. */
export function renderDescription(table: TableDescription, maxChars: number): string {
  const lines = [
    `${table.kind} ${table.name}${table.comment ? ` — ${table.comment}` : ''}`,
    'columns:',
  ];
  for (const c of table.columns) {
    const traits = [c.type, c.primaryKey ? 'primary key' : '', c.nullable ? '' : 'not null'];
    if (c.default !== undefined) traits.push(`default ${c.default}`);
    lines.push(
      `  ${c.name} ${traits.filter(Boolean).join(', ')}${c.comment ? ` — ${c.comment}` : ''}`,
    );
  }
  if (table.foreignKeys.length > 0) {
    lines.push('foreign keys:');
    for (const k of table.foreignKeys)
      lines.push(`  (${k.columns.join(', ')}) references ${k.references}`);
  }
  if (table.indexes.length > 0) {
    lines.push('indexes:');
    for (const i of table.indexes) {
      lines.push(`  ${i.name} (${i.columns.join(', ')})${i.unique ? ' unique' : ''}`);
    }
  }
  if (table.sample?.unreadable) lines.push(`sample rows: not read (${table.sample.unreadable})`);
  else if (table.sample && table.sample.rows.length > 0) {
    lines.push('sample rows:', `  ${table.sample.columns.join(' | ')}`);
    for (const row of table.sample.rows) lines.push(`  ${row.map(cell).join(' | ')}`);
  }
  const note = (shown: number) =>
    `(cut at the ${maxChars}-character budget after ${shown} lines; the table has ` +
    `${table.columns.length} columns: select the ones you need by name in run_query)`;
  return fitLines(lines, maxChars, note);
}

/**
 * `lines` joined, as many as fit in `maxChars` with the note saying where they were cut (the
 * note counted within it).
 */
function fitLines(
  lines: readonly string[],
  maxChars: number,
  note: (shown: number) => string,
): string {
  const whole = lines.join('\n');
  if (whole.length <= maxChars) return whole;
  const reserve = 1 + note(lines.length).length;
  let text = '';
  let shown = 0;
  for (const line of lines) {
    if (text.length + (shown > 0 ? 1 : 0) + line.length + reserve > maxChars) break;
    text += (shown > 0 ? '\n' : '') + line;
    shown++;
  }
  return cutAtCodePoint(`${text}${shown > 0 ? '\n' : ''}${note(shown)}`, maxChars);
}
