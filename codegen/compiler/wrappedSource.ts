/**
 * The text of a CommonJS module inside Node's function wrapper, read the cheapest way a 9 MB
 * bundle can be. Reading it as UTF-8 and then wrapping it makes three copies (the bytes, the
 * decoded string, the flattened wrapper), and on a cold process each fresh copy is paid in page
 * faults as much as in copying: the file is read once into a buffer that already holds the
 * wrapper, and an ASCII file (the TypeScript bundle is one) becomes a Latin-1 string, which
 * is a plain copy; any other file is decoded as UTF-8, as Node's loader does.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isAscii } from 'node:buffer';

const HEAD = Buffer.from('(function (exports, require, module, __filename, __dirname) {');
const TAIL = Buffer.from('\n})');
const HASH = 0x23; // '#'
const BANG = 0x21; // '!'
const SLASH = 0x2f; // '/'

/** Reads all of the file open as `fd` into `into` from `offset`; `size` bytes. */
function readWhole(fd: number, into: Buffer, offset: number, size: number): void {
  let done = 0;
  while (done < size) {
    const read = readSync(fd, into, offset + done, size - done, done);
    if (read === 0)
      throw new Error(`The file shrank while it was read (${done} of ${size} bytes).`);
    done += read;
  }
}

/**
 * `file`'s text as the body of `(function (exports, require, module, __filename, __dirname) {…})`,
 * one flat string. A `#!` first line becomes a `//` comment of the same length, so every
 * position after it stays where it was (Node's own loader drops that line too).
 * @example
 * new Script(wrappedSource(file), { filename: file });
 */
export function wrappedSource(file: string): string {
  const fd = openSync(file, 'r');
  let whole: Buffer;
  try {
    const { size } = fstatSync(fd);
    whole = Buffer.allocUnsafe(HEAD.length + size + TAIL.length);
    HEAD.copy(whole, 0);
    readWhole(fd, whole, HEAD.length, size);
    TAIL.copy(whole, HEAD.length + size);
  } finally {
    closeSync(fd);
  }
  if (whole[HEAD.length] === HASH && whole[HEAD.length + 1] === BANG) {
    whole[HEAD.length] = SLASH;
    whole[HEAD.length + 1] = SLASH;
  }
  return isAscii(whole) ? whole.toString('latin1') : whole.toString('utf8');
}
