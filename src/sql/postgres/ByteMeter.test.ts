/**
 * `ByteMeter` framing the server's messages however the socket splits them: a DataRow's header
 * cut anywhere still counts, other messages never do, and each limit calls back once.
 */
import { EventEmitter } from 'node:events';
import { ByteMeter } from './ByteMeter';

/** A backend message: its code, a length counting itself, and `body` bytes. */
const message = (code: string, body: number): Buffer => {
  const bytes = Buffer.alloc(5 + body, 0x2e);
  bytes.write(code, 0, 'latin1');
  bytes.writeUInt32BE(4 + body, 1);
  return bytes;
};

/** Meters `wire`, delivered in chunks of `size` bytes; what the limits said. */
function meter(wire: Buffer, size: number, maxRowBytes: number, maxReadBytes: number): string[] {
  const said: string[] = [];
  const stream = new EventEmitter();
  const byteMeter = new ByteMeter({
    maxRowBytes,
    maxReadBytes,
    onRowTooBig: (bytes) => said.push(`row of ${bytes}`),
    onReadFull: () => said.push('full'),
  });
  byteMeter.attach(stream);
  for (let at = 0; at < wire.length; at += size) stream.emit('data', wire.subarray(at, at + size));
  return said;
}

describe('ByteMeter', () => {
  // RowDescription, CommandComplete, then rows of 105 bytes on the wire, and one of 2,005.
  const small = [
    message('T', 40),
    message('C', 20),
    ...Array.from({ length: 9 }, () => message('D', 100)),
  ];
  const wire = Buffer.concat([...small, message('D', 2_000), message('Z', 1)]);

  it.each([1, 3, 5, 7, 64, 4096])('frames the messages in chunks of %i bytes', (size) => {
    expect(meter(wire, size, 1_000, 1e9)).toEqual(['row of 2005']);
    expect(meter(wire, size, 1e9, 9 * 105)).toEqual(['full']);
    expect(meter(wire, size, 1e9, 9 * 105 + 2_005)).toEqual([]);
  });

  it('counts only DataRows: a long message of another kind is not a row', () => {
    expect(meter(Buffer.concat([message('N', 5_000), ...small]), 10, 1_000, 1e9)).toEqual([]);
  });
});
