/**
 * `ByteMeter` framing the server's messages however the socket splits them: each DataRow is
 * handed over whole and never reaches `pg`, every other message reaches it byte for byte and in
 * order, a DataRow's header cut anywhere still counts, and each limit calls back once.
 */
import { EventEmitter } from 'node:events';
import { ByteMeter } from './ByteMeter';

/** A backend message: its code, a length counting itself, and `body` bytes of `fill`. */
const message = (code: string, body: number, fill = 0x2e): Buffer => {
  const bytes = Buffer.alloc(5 + body, fill);
  bytes.write(code, 0, 'latin1');
  bytes.writeUInt32BE(4 + body, 1);
  return bytes;
};

/** What the meter did with `wire`, delivered in chunks of `size` bytes. */
interface Metered {
  /** What the limits said, and each row handed over (`row <fill byte> <length>`), in order. */
  said: string[];
  /** The bytes `pg`'s listener got. */
  passed: Buffer;
}

function meter(
  wire: Buffer,
  size: number,
  maxRowBytes: number,
  maxReadBytes: number,
  detachOn?: number,
): Metered {
  const said: string[] = [];
  const passed: Buffer[] = [];
  const stream = new EventEmitter();
  stream.on('data', (chunk: Buffer) => {
    passed.push(Buffer.from(chunk));
    // What ReadTransaction does when `pg` reads the call's ReadyForQuery.
    if (detachOn !== undefined && chunk.includes(detachOn)) byteMeter.detach();
  });
  const byteMeter = new ByteMeter({
    maxRowBytes,
    maxReadBytes,
    onRowTooBig: (bytes) => said.push(`too big: ${bytes}`),
    onReadFull: () => said.push('full'),
    onDataRow: (bytes, start, end) => said.push(`row ${bytes[start]} ${end - start}`),
  });
  byteMeter.attach(stream);
  for (let at = 0; at < wire.length; at += size) stream.emit('data', wire.subarray(at, at + size));
  return { said, passed: Buffer.concat(passed) };
}

describe('ByteMeter', () => {
  // RowDescription, CommandComplete, rows of 105 bytes on the wire between them, and one of 2,005.
  const rows = Array.from({ length: 9 }, (_, i) => message('D', 100, i));
  const others = [message('T', 40), message('C', 20), message('N', 70)];
  const wire = Buffer.concat([
    others[0]!,
    ...rows.slice(0, 4),
    others[1]!,
    ...rows.slice(4),
    others[2]!,
    message('D', 2_000, 9),
    message('Z', 1),
  ]);
  const allRows = Array.from({ length: 9 }, (_, i) => `row ${i} 100`);
  const notRows = Buffer.concat([...others, message('Z', 1)]);

  it.each([1, 3, 5, 7, 64, 4096])(
    'hands over the rows and passes on the rest, in chunks of %i bytes',
    (size) => {
      expect(meter(wire, size, 1e9, 1e9)).toEqual({
        said: [...allRows, 'row 9 2000'],
        passed: notRows,
      });
    },
  );

  it.each([1, 3, 5, 7, 64, 4096])('stops at the limits, in chunks of %i bytes', (size) => {
    expect(meter(wire, size, 1_000, 1e9).said).toEqual([...allRows, 'too big: 2005']);
    expect(meter(wire, size, 1e9, 9 * 105).said).toEqual([...allRows, 'full']);
    expect(meter(wire, size, 1e9, 9 * 105 + 2_005).said).toEqual([...allRows, 'row 9 2000']);
  });

  it('counts only DataRows: a long message of another kind is not a row', () => {
    const long = message('N', 5_000);
    const metered = meter(Buffer.concat([long, ...rows]), 10, 1_000, 1e9);
    expect(metered).toEqual({ said: allRows, passed: long });
  });

  it.each([1, 4, 64, 4096])(
    'gives the stream back once the call is over, with the rest of the read (chunks of %i bytes)',
    (size) => {
      // The ReadyForQuery's status byte ('I') ends the call; what follows is `pg`'s again.
      const ready = Buffer.concat([message('Z', 0), Buffer.from('I')]);
      ready.writeUInt32BE(5, 1);
      const after = Buffer.concat([message('N', 30), message('D', 10, 7), message('C', 10)]);
      const metered = meter(Buffer.concat([rows[0]!, ready, after]), size, 1e9, 1e9, 0x49);
      expect(metered).toEqual({ said: ['row 0 100'], passed: Buffer.concat([ready, after]) });
    },
  );

  it.each([2, 3, 50, 103])(
    'gives the stream back between two reads of a row only after the row (the first read %i bytes)',
    (first) => {
      // `pg` giving up on the call by a timer of its own, while a row is half read.
      const said: string[] = [];
      const passed: Buffer[] = [];
      const stream = new EventEmitter();
      stream.on('data', (chunk: Buffer) => passed.push(Buffer.from(chunk)));
      const byteMeter = new ByteMeter({
        maxRowBytes: 1e9,
        maxReadBytes: 1e9,
        onRowTooBig: () => said.push('too big'),
        onReadFull: () => said.push('full'),
        onDataRow: (bytes, start, end) => said.push(`row ${bytes[start]} ${end - start}`),
      });
      byteMeter.attach(stream);
      const notice = message('N', 30);
      const wire = Buffer.concat([rows[0]!, rows[1]!, notice, rows[2]!]);
      stream.emit('data', wire.subarray(0, 105 + first));
      byteMeter.detach();
      stream.emit('data', wire.subarray(105 + first));
      // The second row is read to its end and dropped; what follows reaches `pg` as it came.
      expect(said).toEqual(['row 0 100']);
      expect(Buffer.concat(passed)).toEqual(Buffer.concat([notice, rows[2]!]));
    },
  );
});
