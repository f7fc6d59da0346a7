/**
 * `tools/list` with pagination: a page of `pageSize` tools and an opaque `nextCursor` while
 * more remain. The cursor is the offset of the next page; a cursor that does not parse is a
 * JSON-RPC invalid-params error, as the MCP spec asks.
 */
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import type { ListToolsResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** The default number of tools per page. */
export const DEFAULT_PAGE_SIZE = 100;

const encode = (offset: number): string => Buffer.from(`tools:${offset}`).toString('base64url');

function decode(cursor: string): number {
  const match = /^tools:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor.slice(0, 64)}`);
  return Number(match[1]);
}

/**
 * One page of `tools`, starting at `cursor`.
 * @example
 * return pageOf(tools, request.params?.cursor, 100);
 */
export function pageOf(
  tools: readonly McpTool[],
  cursor: string | undefined,
  pageSize: number,
): ListToolsResult {
  const start = cursor === undefined ? 0 : decode(cursor);
  const size = Math.max(1, Math.floor(pageSize));
  const end = start + size;
  return {
    tools: tools.slice(start, end),
    ...(end < tools.length ? { nextCursor: encode(end) } : {}),
  };
}
