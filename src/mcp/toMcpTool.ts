/**
 * Renders one registry tool as an MCP `Tool` for `tools/list`. The input schema is the
 * registry's own object, sent untouched, so MCP clients see exactly what `toAnthropic()`
 * sends; the `@Tool` hints become MCP annotations, and a typed result its `outputSchema`
 * (wrapped as `{ result }` when it is not an object, as MCP requires).
 */
import type {
  Tool as McpTool,
  ToolAnnotations as McpToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolDescriptor } from '../manifest/types';
import { outputShapeOf } from './outputShape';

/** The MCP annotation keys `@Tool()` may carry, at the top level or under `annotations`. */
const ANNOTATION_KEYS = [
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
] as const;

/** The annotations of a tool: top-level hints first, then `annotations` (which wins). */
function annotationsOf(options: Record<string, unknown>): McpToolAnnotations | undefined {
  const nested = (options.annotations ?? {}) as Record<string, unknown>;
  const annotations: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYS) {
    const value = nested[key] ?? options[key];
    if (value !== undefined) annotations[key] = value;
  }
  return Object.keys(annotations).length > 0 ? (annotations as McpToolAnnotations) : undefined;
}

/**
 * One MCP tool definition.
 * @example
 * const tools = registry.descriptors().map(toMcpTool);
 */
export function toMcpTool(tool: ToolDescriptor): McpTool {
  const definition: McpTool = {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as McpTool['inputSchema'],
  };
  if (tool.outputSchema) {
    definition.outputSchema = outputShapeOf(tool.outputSchema).schema as McpTool['outputSchema'];
  }
  const annotations = annotationsOf((tool.options ?? {}) as Record<string, unknown>);
  if (annotations) {
    definition.annotations = annotations;
    if (annotations.title !== undefined) definition.title = annotations.title;
  }
  return definition;
}
