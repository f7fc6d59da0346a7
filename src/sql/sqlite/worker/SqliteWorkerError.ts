/** The SQLite worker thread could not start, open its database, or died: a failure of setup, not of SQL. */
import { ToolwrightError } from '../../../errors/ToolwrightError';

/** Thrown when the SQLite worker cannot do what it was asked (never for an SQL error, which is answered). */
export class SqliteWorkerError extends ToolwrightError {}
