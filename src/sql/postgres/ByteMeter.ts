/**
 * Bounds the bytes of a result before `pg` parses them: it reads the server's messages off the
 * connection's stream ahead of `pg`'s parser (a listener put first), framed by their headers (a
 * code byte and a length), and calls back when one DataRow is longer than a row may be, or when
 * the DataRows of the call add up to more than a call may read. `pg` buffers a whole message
 * and decodes every field of every row, even the rows only counted; the caller then cuts the
 * connection, so a 5 MB row costs one socket read, not 5 MB of buffer and string.
 */

/** The stream `pg` reads from (a socket, or a TLS socket giving the decrypted bytes). */
export interface MeteredStream {
  prependListener(event: 'data', listener: (chunk: Buffer) => void): unknown;
  removeListener(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

/** What the meter allows, and whom it tells when a limit is passed (once). */
export interface ByteLimits {
  /** Bytes one DataRow message may have. */
  maxRowBytes: number;
  /** Bytes the DataRows of the call may add up to. */
  maxReadBytes: number;
  /** A row longer than `maxRowBytes` is arriving (its length, in bytes). */
  onRowTooBig(bytes: number): void;
  /** The rows so far passed `maxReadBytes`. */
  onReadFull(): void;
}

/** The backend message code of a DataRow. */
const DATA_ROW = 0x44;
/** A message header: the code and the length (which counts itself, not the code). */
const HEADER = 5;

/** Meters one call's messages; `attach` when the connection is idle (at a message boundary). */
export class ByteMeter {
  private readonly header = Buffer.alloc(HEADER);
  private headerBytes = 0;
  private skip = 0;
  private read = 0;
  private stopped = false;
  private stream?: MeteredStream;
  private readonly listener = (chunk: Buffer): void => this.onData(chunk);

  constructor(private readonly limits: ByteLimits) {}

  attach(stream: MeteredStream): void {
    this.stream = stream;
    stream.prependListener('data', this.listener);
  }

  detach(): void {
    this.stream?.removeListener('data', this.listener);
    this.stream = undefined;
  }

  private onData(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.stopped) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
      } else if (this.headerBytes === 0 && chunk.length - at >= HEADER) {
        // A whole header in the chunk (nearly always): read in place, without copying it.
        this.onHeader(chunk[at]!, chunk.readUInt32BE(at + 1));
        at += HEADER;
      } else {
        // A header split across two reads: gathered first.
        const n = Math.min(HEADER - this.headerBytes, chunk.length - at);
        chunk.copy(this.header, this.headerBytes, at, at + n);
        this.headerBytes += n;
        at += n;
        if (this.headerBytes === HEADER) {
          this.headerBytes = 0;
          this.onHeader(this.header[0]!, this.header.readUInt32BE(1));
        }
      }
    }
  }

  /** A message begins: its body (`length` counts itself) is skipped, a DataRow's counted. */
  private onHeader(code: number, length: number): void {
    this.skip = length - 4;
    if (code === DATA_ROW) this.onDataRow(length + 1);
  }

  private onDataRow(bytes: number): void {
    const { maxRowBytes, maxReadBytes, onRowTooBig, onReadFull } = this.limits;
    this.read += bytes;
    if (bytes > maxRowBytes) {
      this.stop();
      onRowTooBig(bytes);
    } else if (this.read > maxReadBytes) {
      this.stop();
      onReadFull();
    }
  }

  private stop(): void {
    this.stopped = true;
    this.detach();
  }
}
