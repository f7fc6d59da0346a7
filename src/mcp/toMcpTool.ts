/**
 * Renders one registry tool as an MCP `Tool` for `tools/list`. The input schema is the
 * registry's own object, sent untouched, so MCP clients see exactly what `toAnthropic()`
 * sends; the `@Tool` hints become MCP annotations, and a typed result its `outputSchema`
 * (wrapped as `{ result }` when it is not an object, as MCP requires). Not exported from
 * `toolwright/mcp`: `tools/list` also filters by the caller's scopes and roles and pages, so
 * a server built on this alone would list what toolwright's server hides.
 */
import type {
  Tool as McpTool,
  ToolAnnotations as McpToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { ManifestToolOptions, ToolDescriptor } from '../manifest/types';
import { outputShapeOf } from './outputShape';

/** The MCP annotation keys `@Tool({ annotations })` may carry. */
const ANNOTATION_KEYS = [
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
] as const;

/** The annotations of a tool, from `@Tool({ annotations })`. */
function annotationsOf(options: ManifestToolOptions): McpToolAnnotations | undefined {
  const nested = (options.annotations ?? {}) as Record<string, unknown>;
  const annotations: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYS) {
    if (nested[key] !== undefined) annotations[key] = nested[key];
  }
  return Object.keys(annotations).length > 0 ? (annotations as McpToolAnnotations) : undefined;
}

/** One MCP tool definition, as `toolsView` lists it. */
export function toMcpTool(tool: ToolDescriptor): McpTool {
  const definition: McpTool = {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as McpTool['inputSchema'],
  };
  if (tool.outputSchema) {
    definition.outputSchema = outputShapeOf(tool.outputSchema).schema as McpTool['outputSchema'];
  }
  const annotations = annotationsOf(tool.options ?? {});
  if (annotations) {
    definition.annotations = annotations;
    if (annotations.title !== undefined) definition.title = annotations.title;
  }
  return definition;
}
