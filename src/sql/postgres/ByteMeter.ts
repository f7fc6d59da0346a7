/**
 * Reads the server's messages of one call off the connection's stream in `pg`'s place: framed by
 * their headers (a code byte and a length), each DataRow is bounded in bytes and handed whole to
 * the call (`onDataRow`, its bytes in place), every other message passed on to `pg`'s own
 * listener, in order, byte for byte. `pg` would buffer a whole row before any limit could see it
 * and decode every field of every row to a string, even the rows only counted; here a row longer
 * than a row may be, or the rows of a call past the bytes it may read, call back at the row's
 * header (the caller then cuts the connection: a 5 MB row costs one socket read), and a row is
 * decoded by whoever reads it, once.
 */

/** A `data` listener of the stream. */
type DataListener = (chunk: Buffer) => void;

/** The stream `pg` reads from (a socket, or a TLS socket giving the decrypted bytes). */
export interface MeteredStream {
  listeners(event: 'data'): unknown[];
  on(event: 'data', listener: DataListener): unknown;
  removeListener(event: 'data', listener: DataListener): unknown;
}

/** What the meter allows, and whom it tells when a limit is passed (once) or a row arrives. */
export interface ByteLimits {
  /** Bytes one DataRow message may have. */
  maxRowBytes: number;
  /** Bytes the DataRows of the call may add up to. */
  maxReadBytes: number;
  /** A row longer than `maxRowBytes` is arriving (its length, in bytes). */
  onRowTooBig(bytes: number): void;
  /** The rows so far passed `maxReadBytes`. */
  onReadFull(): void;
  /** A DataRow within the limits: its body (the field count, then each field) is `bytes[start, end)`. */
  onDataRow(bytes: Buffer, start: number, end: number): void;
}

/** Gives `bytes` to each of `listeners`, as the stream would. */
function give(stream: MeteredStream, listeners: readonly unknown[], bytes: Buffer): void {
  for (const listener of listeners) (listener as DataListener).call(stream, bytes);
}

/** The backend message code of a DataRow. */
const DATA_ROW = 0x44;
/** A message header: the code and the length (which counts itself, not the code). */
const HEADER = 5;

/**
 * Meters one call's messages; `attach` when the connection is idle (at a message boundary),
 * `detach` when its ReadyForQuery has been read (the stream goes back to `pg`'s listeners).
 */
export class ByteMeter {
  private readonly header = Buffer.alloc(HEADER);
  /** Bytes of a header split across reads gathered so far. */
  private headerBytes = 0;
  /** Bytes left of the message being passed on. */
  private skip = 0;
  /** A DataRow's body split across reads, as gathered so far. */
  private row?: { body: Buffer; have: number };
  private read = 0;
  private stopped = false;
  /** `detach` came in the middle of a DataRow: it is done once the row is read. */
  private leaving = false;
  private stream?: MeteredStream;
  /** `pg`'s own listeners, given every message but the DataRows. */
  private passOn: DataListener[] = [];
  private readonly listener: DataListener = (chunk) => this.onData(chunk);

  constructor(private readonly limits: ByteLimits) {}

  attach(stream: MeteredStream): void {
    this.stream = stream;
    this.passOn = stream.listeners('data') as DataListener[];
    stream.on('data', this.listener);
    for (const listener of this.passOn) stream.removeListener('data', listener);
  }

  /**
   * Gives the stream back to `pg`'s listeners (unless a limit stopped it: the caller cuts it).
   * Between two reads in the middle of a DataRow (`pg` gave up on the call: its own read timeout),
   * the rest of the row is read first, so that `pg` is given whole messages only.
   */
  detach(): void {
    const { stream } = this;
    if (!stream) return;
    if (this.row || (this.headerBytes > 0 && this.header[0] === DATA_ROW)) {
      this.leaving = true;
      return;
    }
    this.stream = undefined;
    stream.removeListener('data', this.listener);
    if (!this.stopped) for (const listener of this.passOn) stream.on('data', listener);
  }

  private onData(chunk: Buffer): void {
    const stream = this.stream!;
    // [from, at): bytes framed and still to be passed on.
    let from = 0;
    let at = 0;
    while (at < chunk.length) {
      if (this.stopped) return;
      if (!this.stream) {
        // Given back after the row `detach` waited for: the rest of the read is `pg`'s.
        give(stream, stream.listeners('data'), chunk.subarray(at));
        return;
      }
      if (this.row) {
        at = this.gatherRow(chunk, at);
        from = at;
      } else if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
      } else if (this.headerBytes > 0 || chunk.length - at < HEADER) {
        // A header split across two reads: gathered first (a DataRow's is not passed on).
        if (this.headerBytes === 0 && chunk[at] === DATA_ROW && !this.passUntil(chunk, from, at))
          return;
        const n = Math.min(HEADER - this.headerBytes, chunk.length - at);
        chunk.copy(this.header, this.headerBytes, at, at + n);
        this.headerBytes += n;
        at += n;
        if (this.header[0] === DATA_ROW) from = at;
        if (this.headerBytes === HEADER) {
          this.headerBytes = 0;
          this.onHeader(this.header[0]!, this.header.readUInt32BE(1));
        }
      } else if (chunk[at] !== DATA_ROW) {
        // A whole header in the chunk (nearly always): read in place, without copying it.
        this.skip = chunk.readUInt32BE(at + 1) - 4;
        at += HEADER;
      } else {
        if (!this.passUntil(chunk, from, at)) return;
        const length = chunk.readUInt32BE(at + 1);
        at += HEADER;
        from = at;
        if (!this.onRowHeader(length)) return;
        const end = at + length - 4;
        if (end <= chunk.length) {
          this.limits.onDataRow(chunk, at, end);
          at = end;
          from = end;
        } else {
          this.row = { body: Buffer.allocUnsafe(length - 4), have: 0 };
        }
      }
    }
    if (!this.stopped && from < chunk.length) this.passUntil(chunk, from, chunk.length);
  }

  /**
   * Passes `chunk[from, to)` on to `pg`; false when that ended the call (its ReadyForQuery read,
   * the meter detached): then the rest of the chunk is `pg`'s too.
   */
  private passUntil(chunk: Buffer, from: number, to: number): boolean {
    const stream = this.stream!;
    if (from < to) give(stream, this.passOn, chunk.subarray(from, to));
    if (this.stream) return true;
    // Whoever reads the stream now (`pg`, or the meter of a call `pg` started at once).
    if (to < chunk.length) give(stream, stream.listeners('data'), chunk.subarray(to));
    return false;
  }

  /** A header gathered from two reads: a DataRow's starts its body, another's is skipped. */
  private onHeader(code: number, length: number): void {
    if (code !== DATA_ROW) {
      this.skip = length - 4;
    } else if (this.onRowHeader(length)) {
      this.row = { body: Buffer.allocUnsafe(length - 4), have: 0 };
    }
  }

  /** Adds what `chunk` holds of the row being gathered; where its bytes end. */
  private gatherRow(chunk: Buffer, at: number): number {
    const row = this.row!;
    const n = Math.min(row.body.length - row.have, chunk.length - at);
    chunk.copy(row.body, row.have, at, at + n);
    row.have += n;
    if (row.have === row.body.length) {
      this.row = undefined;
      if (this.leaving) this.detach();
      else this.limits.onDataRow(row.body, 0, row.body.length);
    }
    return at + n;
  }

  /** A DataRow begins (`length` counts itself, not the code): false when it passes a limit. */
  private onRowHeader(length: number): boolean {
    const bytes = length + 1;
    const { maxRowBytes, maxReadBytes, onRowTooBig, onReadFull } = this.limits;
    this.read += bytes;
    if (bytes > maxRowBytes) {
      this.stopped = true;
      onRowTooBig(bytes);
    } else if (this.read > maxReadBytes) {
      this.stopped = true;
      onReadFull();
    }
    return !this.stopped;
  }
}
