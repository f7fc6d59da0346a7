/**
 * One `run_query` call on the wire: the read-only transaction, the model's statement and the
 * clean-up, as one `pg` query sent in one write and answered in one round trip. In order,
 * before one Sync: `BEGIN READ ONLY` and the `SET LOCAL` time limit; the model's statement
 * (Parse, Bind, Describe, Execute: the extended protocol, so the server refuses a second
 * statement), fetching one row more than it counts; Close of its portal; a Flush, so its rows
 * leave before the clean-up runs; ROLLBACK and DISCARD ALL (`SessionReset`). pgjdbc sends its BEGIN with the first query the same way. When
 * the model's statement fails, the server skips the rest up to the Sync, and the caller rolls
 * back itself. The rows never reach `pg`: `ByteMeter` hands each DataRow's bytes over, the rows
 * shown are decoded once (`PgRows`), those past them only counted, and a row longer than a row
 * may be, or rows past the bytes a call may read, cut the connection before they are buffered.
 */
import type { Connection, FieldDef } from 'pg';
import type { QueryRows } from '../SqlEngine';
import { PgRows } from './PgRows';
import { ByteMeter } from './ByteMeter';
import { CopyRefused, RowTooBig } from './pgFailure';
import type { PgModules } from './loadPg';
import { sendStatement } from './pgWire';
import type { Wire } from './pgWire';

/** What one call runs and reads. */
export interface ReadPlan {
  /** The model's statement. */
  sql: string;
  /** The library's own statements before it (BEGIN READ ONLY, SET LOCAL …). */
  before: readonly string[];
  /** And after it (`SESSION_RESET`: ROLLBACK, DISCARD ALL). */
  after: readonly string[];
  /** Rows parsed and returned at most. */
  maxRows: number;
  /** Rows counted at most; one more is fetched to know the count was capped. */
  countLimit: number;
  /** Characters a cell keeps. */
  maxCellChars: number;
  /** Bytes one row may have on the wire; a longer one fails the call, unread. */
  maxRowBytes: number;
  /** Bytes the rows of the call may add up to; past them the count stops there, as capped. */
  maxReadBytes: number;
}

type Phase = 'before' | 'read' | 'after' | 'done';

/**
 * A `pg` submittable running `plan` in one transaction. `rows` settles when the model's
 * statement has been read (or failed); `ended` settles when the connection is idle again: true
 * when the transaction was rolled back and the session discarded, false when not (after
 * a failure the caller rolls back itself, or discards the connection).
 */
export class ReadTransaction {
  readonly rows: Promise<QueryRows>;
  readonly ended: Promise<boolean>;
  private resolveRows!: (rows: QueryRows) => void;
  private rejectRows!: (error: unknown) => void;
  private end!: (clean: boolean) => void;
  private connection?: Wire;
  private phase: Phase;
  private completed = 0;
  private columns: string[] = [];
  /** The rows shown, read as they arrive. */
  private readonly shown: PgRows;
  private received = 0;
  private copying = false;
  /** The rows passed `maxReadBytes`: counting stopped. */
  private full = false;
  private readonly meter: ByteMeter;

  constructor(
    private readonly plan: ReadPlan,
    types: PgModules['types'],
  ) {
    this.phase = plan.before.length > 0 ? 'before' : 'read';
    this.rows = new Promise((resolve, reject) => {
      this.resolveRows = resolve;
      this.rejectRows = reject;
    });
    this.ended = new Promise((resolve) => (this.end = resolve));
    this.shown = new PgRows(types, plan.maxCellChars);
    this.meter = new ByteMeter({
      maxRowBytes: plan.maxRowBytes,
      maxReadBytes: plan.maxReadBytes,
      onRowTooBig: (bytes) => this.cutOff(new RowTooBig(bytes, plan.maxRowBytes)),
      onReadFull: () => this.cutOff(),
      onDataRow: (bytes, start) => this.onDataRow(bytes, start),
    });
  }

  /** Called by `pg` when the connection is free: sends the whole call. */
  submit(pgConnection: Connection): Error | undefined {
    const connection = pgConnection as unknown as Wire;
    this.connection = connection;
    const { sql, before, after, countLimit } = this.plan;
    const { stream } = connection;
    this.meter.attach(stream);
    stream.cork?.();
    try {
      for (const text of before) sendStatement(connection, text);
      connection.parse({ text: sql }, true);
      connection.bind({}, true);
      connection.describe({ type: 'P', name: '' }, true);
      connection.execute({ portal: '', rows: countLimit + 1 }, true);
      connection.close({ type: 'P', name: '' }, true);
      // The rows' last bytes leave now, not after the clean-up has run on the server.
      connection.flush();
      for (const text of after) sendStatement(connection, text);
      connection.sync();
      return undefined;
    } catch (error) {
      return error as Error;
    } finally {
      stream.uncork?.();
    }
  }

  handleRowDescription(message: { fields: FieldDef[] }): void {
    if (this.phase !== 'read') return;
    this.columns = message.fields.map((field) => field.name);
    this.shown.describe(message.fields);
  }

  /**
   * Rows `pg` reads itself: only those after the meter gave the stream back early (`pg` gave up on
   * the call, by its own `query_timeout`, while the server still sent rows); not the call's.
   */
  handleDataRow(): void {}

  /** A DataRow's body, from `ByteMeter` (`pg` never sees the rows): counted, and read if shown. */
  private onDataRow(bytes: Buffer, start: number): void {
    if (this.phase !== 'read') return;
    this.received++;
    if (this.received <= this.plan.maxRows) this.shown.add(bytes, start);
  }

  handleCommandComplete(): void {
    if (this.phase === 'before' && ++this.completed === this.plan.before.length) {
      this.phase = 'read';
    } else if (this.phase === 'read') {
      this.afterRead();
    }
  }

  /** The fetch stopped at `countLimit + 1` rows: more than the count shows. */
  handlePortalSuspended(): void {
    if (this.phase === 'read') this.afterRead();
  }

  /** The model's text held no statement (a comment, blanks). */
  handleEmptyQuery(): void {
    if (this.phase === 'read') this.afterRead();
  }

  handleCopyInResponse(): void {
    this.copying = true;
    this.connection?.sendCopyFail('toolwright: COPY FROM STDIN is not allowed');
  }

  handleCopyData(): void {
    this.copying = true;
  }

  handleReadyForQuery(): void {
    this.meter.detach();
    const clean = this.phase === 'after';
    this.phase = 'done';
    this.end(clean);
  }

  /** A server error (`pg` has already let go of this query) or a lost connection. */
  handleError(error: unknown): void {
    this.meter.detach();
    const phase = this.phase;
    this.phase = 'done';
    // The server skips the rest up to the Sync (the connection comes back idle, in the failed
    // transaction, which the caller rolls back).
    if (phase === 'before' || phase === 'read') this.rejectRows(error);
    this.end(false);
  }

  /**
   * A limit of `ByteMeter` passed: answer with the rows so far (counting stopped), or fail with
   * `tooBig`; then cut the connection, so `pg` reads no more of the result (the server ends the
   * statement when it next sends; the engine discards the connection). The meter has passed on
   * the messages before the row, and reads nothing after it: the connection is cut in any phase.
   */
  private cutOff(tooBig?: RowTooBig): void {
    process.nextTick(() => {
      if (this.phase === 'read' || this.phase === 'before') {
        if (tooBig) {
          this.phase = 'done';
          this.rejectRows(tooBig);
        } else {
          this.full = true;
          this.afterRead();
        }
      }
      this.connection?.stream.destroy();
    });
  }

  /** The model's statement is read: the answer (the clean-up is already on its way). */
  private afterRead(): void {
    this.phase = 'after';
    const { countLimit } = this.plan;
    if (this.copying) {
      this.rejectRows(new CopyRefused());
      return;
    }
    this.resolveRows({
      columns: this.columns,
      rows: this.shown.rows,
      lines: this.shown.lines,
      rowCount: Math.min(this.received, countLimit),
      countCapped: this.received > countLimit || this.full,
      cutCells: this.shown.cut.n,
    });
  }
}
