/** The catalog as the model reads it: `list_tables`' lines and `describe_table`'s text, bounded. */
import type { SqlCell, TableDescription, TableSummary } from './SqlEngine';

/** One line per table: name, kind, rows, comment. */
export function renderTables(tables: readonly TableSummary[], pattern?: string): string {
  if (tables.length === 0) {
    return pattern ? `No table matches ${JSON.stringify(pattern)}.` : 'The database has no tables.';
  }
  return tables
    .map((t) => {
      const rows =
        t.rows === undefined
          ? ''
          : `, ${t.estimated ? 'about ' : ''}${t.rows} row${t.rows === 1 ? '' : 's'}`;
      const comment = t.comment ? ` — ${t.comment}` : '';
      return `${t.name} (${t.kind}${rows})${comment}`;
    })
    .join('\n');
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
  const text = lines.join('\n');
  return text.length <= maxChars
    ? text
    : `${text.slice(0, maxChars)}\n(cut at ${maxChars} characters)`;
}
