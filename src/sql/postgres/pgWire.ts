/**
 * The messages of `pg`'s `Connection` the engine's own submittables send (`ReadTransaction`,
 * `SessionReset`), as `pg` (and `pg-cursor`) call them, and how one of the library's own
 * statements goes on the wire: through the extended protocol, so that several of them can go
 * in one write before one Sync and each runs as its own statement (`DISCARD ALL` refuses the
 * simple protocol's multi-statement block).
 */

import type { MeteredStream } from './ByteMeter';

/** `pg`'s `Connection`, as sent to; `@types/pg` types a few of these too narrowly (Execute's row limit as a string). */
export interface Wire {
  stream: MeteredStream & { cork?: () => void; uncork?: () => void; destroy(): void };
  parse(message: { text: string }, more: boolean): void;
  bind(message: Record<string, never>, more: boolean): void;
  describe(message: { type: 'P'; name: string }, more: boolean): void;
  execute(message: { portal: string; rows: number }, more: boolean): void;
  close(message: { type: 'P'; name: string }, more: boolean): void;
  flush(): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** One of the library's own statements, unnamed, no parameters, its rows ignored (no Sync). */
export function sendStatement(connection: Wire, text: string): void {
  connection.parse({ text }, true);
  connection.bind({}, true);
  connection.execute({ portal: '', rows: 0 }, true);
}
