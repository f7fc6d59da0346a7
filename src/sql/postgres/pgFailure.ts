/**
 * A PostgreSQL error as the model reads it: the server's message and 1-based position for SQL
 * it rejects; a stop said as a stop; anything else (a lost connection, say) as one sentence
 * that names no host, user or connection string.
 */
import { ToolwrightError } from '../../errors/ToolwrightError';
import type { QueryFailure } from '../SqlEngine';

/** A statement that streamed COPY data instead of rows: refused, its data never read. */
export class CopyRefused extends ToolwrightError {
  constructor() {
    super('COPY cannot run here (run its SELECT instead)');
  }
}

/** A row longer than a row may be: refused before it is read (`ByteMeter`). */
export class RowTooBig extends ToolwrightError {
  constructor(bytes: number, maxRowBytes: number) {
    super(
      `a row of the result has ${mebibytes(bytes)} MiB, more than the ${mebibytes(maxRowBytes)} MiB a row may have`,
    );
  }
}

const mebibytes = (bytes: number): string => String(Math.round((bytes / 2 ** 20) * 10) / 10);

/** The fields of `pg`'s DatabaseError the engine reads. */
interface ServerError {
  code?: string;
  message: string;
  position?: string;
  severity?: string;
}

/** Whether `error` is the server's (an SQL error), not a lost connection. */
export const isServerError = (error: unknown): error is ServerError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as ServerError).code === 'string' &&
  typeof (error as ServerError).severity === 'string';

/** What to tell the model of `error`; `cancelled` when the call's signal stopped it. */
export function failureOf(error: unknown, timeoutMs: number, cancelled: boolean): QueryFailure {
  if (cancelled)
    return { kind: 'aborted', message: 'the call was cancelled; the query was stopped' };
  if (error instanceof CopyRefused) return { kind: 'refused', message: error.message };
  if (error instanceof RowTooBig) return { kind: 'too-big', message: error.message };
  if (!isServerError(error)) {
    return {
      kind: 'sql',
      message: 'the database could not run the query (connection lost or refused); try again later',
    };
  }
  if (error.code === '57014') {
    return {
      kind: 'timeout',
      message: `the query ran longer than ${timeoutMs} ms and was stopped`,
    };
  }
  if (error.code === '55P03') {
    return {
      kind: 'timeout',
      message: `the query waited for a lock longer than ${timeoutMs} ms and was stopped`,
    };
  }
  if (error.code === '42601' && /multiple commands/.test(error.message)) {
    return { kind: 'refused', message: 'only one statement may run per call' };
  }
  if (error.code === '25006') return { kind: 'refused', message: error.message };
  if (error.code === '54000') return { kind: 'too-big', message: error.message };
  const position = error.position ? Number(error.position) : undefined;
  return { kind: 'sql', message: error.message, ...(position ? { position } : {}) };
}

/** Column names a refusal lists at most (describe_table lists them all). */
const LISTED_COLUMNS = 30;

/**
 * The table (or view) a "permission denied" names: PostgreSQL refuses `SELECT *`, or a hidden column, of a
 * table whose other columns the role may read with the same words as a table it may not read.
 */
export function deniedTable(error: unknown): string | undefined {
  if (!isServerError(error) || error.code !== '42501') return undefined;
  return /^permission denied for (?:table|view|materialized view|foreign table) (.+)$/.exec(
    error.message,
  )?.[1];
}

/** `failure` naming the columns of `table` the role may read, so the model names them instead of `*`. */
export function namingReadable(
  failure: QueryFailure,
  table: string,
  columns: readonly string[],
): QueryFailure {
  const listed = columns.slice(0, LISTED_COLUMNS).join(', ');
  const more =
    columns.length > LISTED_COLUMNS
      ? ` and ${columns.length - LISTED_COLUMNS} more (describe_table lists them)`
      : '';
  return {
    ...failure,
    message: `${failure.message}: it has hidden columns; select only ${listed}${more} (not * nor a hidden column)`,
  };
}
