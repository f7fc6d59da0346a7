/**
 * The one cursor of MCP paging (`tools/list`, `tasks/list`): opaque to the client, the list's
 * name and the offset of the next page inside, base64url. A cursor that does not decode, or that
 * belongs to another list, is a JSON-RPC invalid-params error (-32602), as the MCP spec asks.
 */
import { JSON_RPC_CODES, JsonRpcError } from './callParams';
import { sliceAtCodePoints } from '../text/cutAtCodePoint';

/** The lists that page. */
export type PagedList = 'tools' | 'tasks';

/** The cursor of the page of `list` that starts at `offset`. */
export const encodeCursor = (list: PagedList, offset: number): string =>
  Buffer.from(`${list}:${offset}`).toString('base64url');

/**
 * The offset a cursor of `list` stands for (0 without one); throws `JsonRpcError` (-32602) for a
 * cursor this server did not give for that list.
 * @example
 * const start = decodeCursor('tools', request.params?.cursor);
 */
export function decodeCursor(list: PagedList, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^([a-z]+):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || match[1] !== list)
    throw new JsonRpcError(
      JSON_RPC_CODES.InvalidParams,
      `Invalid cursor: ${sliceAtCodePoints(cursor, 0, 64)}`,
    );
  return Number(match[2]);
}
