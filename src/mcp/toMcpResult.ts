/**
 * Turns a registry `ToolOutcome` into an MCP `CallToolResult`: text stays text, base64
 * images become MCP image blocks, search results one `<search_results>` text block (MCP has
 * no block the model can cite), and failures carry `isError: true`. Not exported from
 * `toolwright/mcp`: a typed result's `structuredContent` is added by `renderOutcome`, so a
 * server built on this alone would answer differently from toolwright's.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContentBlock } from '../content/ContentBlock';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { blocksText } from '../wire/xml/renderSearchResults';

type McpContent = CallToolResult['content'][number];

/** One registry content block as MCP content. */
function toMcpContent(block: ContentBlock): McpContent {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.source.data, mimeType: block.source.media_type };
    case 'search_result':
      return { type: 'text', text: blocksText([block]) };
  }
}

/** The blocks with each run of search results merged, so items are numbered across the run. */
function mergeSearchRuns(blocks: readonly ContentBlock[]): McpContent[] {
  const out: McpContent[] = [];
  let run: ContentBlock[] = [];
  const flush = (): void => {
    if (run.length) out.push({ type: 'text', text: blocksText(run) });
    run = [];
  };
  for (const block of blocks) {
    if (block.type === 'search_result') run.push(block);
    else {
      flush();
      out.push(toMcpContent(block));
    }
  }
  flush();
  return out;
}

/** The MCP result of a call's outcome, without `structuredContent`. */
export function toMcpResult(outcome: ToolOutcome): CallToolResult {
  const content =
    typeof outcome.content === 'string'
      ? [{ type: 'text' as const, text: outcome.content }]
      : mergeSearchRuns(outcome.content);
  return { content, isError: outcome.isError };
}

/** A refusal decided by the MCP layer itself (approval), in the same shape as a registry error. */
export function mcpErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
