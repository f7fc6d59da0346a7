/**
 * `tools/list` with pagination: a page of `pageSize` tools and an opaque `nextCursor` while
 * more remain (the one cursor of `pageCursor.ts`).
 */
import { decodeCursor, encodeCursor } from './pageCursor';
import type { ListToolsResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** The default number of tools per page. */
export const DEFAULT_PAGE_SIZE = 100;

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
  const start = decodeCursor('tools', cursor);
  const size = Math.max(1, Math.floor(pageSize));
  const end = start + size;
  return {
    tools: tools.slice(start, end),
    ...(end < tools.length ? { nextCursor: encodeCursor('tools', end) } : {}),
  };
}
