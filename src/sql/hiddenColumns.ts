/** Parses the `hide` option (`['users.password_hash']`) into table and column pairs, once for both engines. */
import { ToolwrightError } from '../errors/ToolwrightError';

/** One hidden column. */
export interface HiddenColumn {
  table: string;
  column: string;
}

/** Thrown when a `hide` entry is not `table.column`. */
export class SqlConfigError extends ToolwrightError {}

/**
 * `['users.password_hash']` as pairs; a schema-qualified table (`public.users.ssn`) keeps its
 * last two parts.
 */
export function parseHidden(hide: readonly string[] = []): HiddenColumn[] {
  return hide.map((entry) => {
    const parts = entry.split('.');
    if (parts.length < 2 || parts.some((part) => part === '')) {
      throw new SqlConfigError(
        `hide: "${entry}" is not table.column; write it as 'users.password_hash'`,
      );
    }
    return { table: parts[parts.length - 2]!, column: parts[parts.length - 1]! };
  });
}

/** Whether `column` of `table` is hidden (names compared without case). */
export function isHidden(hidden: readonly HiddenColumn[], table: string, column: string): boolean {
  return hidden.some(
    (h) =>
      h.table.toLowerCase() === table.toLowerCase() &&
      h.column.toLowerCase() === column.toLowerCase(),
  );
}
