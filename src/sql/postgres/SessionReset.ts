/**
 * What ends every call on a connection before it returns to the pool: `ROLLBACK`, then
 * `DISCARD ALL`, which also drops what a rollback leaves (prepared statements, cursors, `LISTEN`,
 * session settings, temporary objects, advisory locks, cached plans). `DISCARD ALL` refuses a
 * transaction block, so it runs as a statement of its own right after the rollback (in the
 * extended protocol; the simple protocol would run the two as one block). `ReadTransaction` sends
 * these before its Sync; `SessionReset` sends them alone, in one write, when a call failed
 * before reaching them or read the catalog.
 */
import type { Connection } from 'pg';
import { sendStatement } from './pgWire';
import type { Wire } from './pgWire';

/** The statements, in order. */
export const SESSION_RESET: readonly string[] = ['ROLLBACK', 'DISCARD ALL'];

/** A `pg` submittable sending `SESSION_RESET`; `done` rejects when the server refused any of it. */
export class SessionReset {
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (error: unknown) => void;

  constructor() {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Called by `pg` when the connection is free. */
  submit(pgConnection: Connection): Error | undefined {
    const connection = pgConnection as unknown as Wire;
    connection.stream.cork?.();
    try {
      for (const text of SESSION_RESET) sendStatement(connection, text);
      connection.sync();
      return undefined;
    } catch (error) {
      return error as Error;
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}

  handleReadyForQuery(): void {
    this.resolve();
  }

  /** A server error (`pg` lets go of this submittable: it settles now) or a lost connection. */
  handleError(error: unknown): void {
    this.reject(error);
  }
}
