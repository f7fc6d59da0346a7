/**
 * Turns a registry `ToolOutcome` into an MCP `CallToolResult`: text stays text, base64
 * images become MCP image blocks, and failures carry `isError: true`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ContentBlock, ToolOutcome } from '../registry/types';

type McpContent = CallToolResult['content'][number];

/** One registry content block as MCP content. */
function toMcpContent(block: ContentBlock): McpContent {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.source.data, mimeType: block.source.media_type };
  }
}

/**
 * The MCP result of a call.
 * @example
 * return toMcpResult(await registry.call(name, args));
 */
export function toMcpResult(outcome: ToolOutcome): CallToolResult {
  const content =
    typeof outcome.content === 'string'
      ? [{ type: 'text' as const, text: outcome.content }]
      : outcome.content.map(toMcpContent);
  return { content, isError: outcome.isError };
}

/** A refusal decided by the MCP layer itself (approval), in the same shape as a registry error. */
export function mcpErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
