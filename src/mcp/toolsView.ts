/**
 * What `tools/list` and `tools/call` read of a registry, rendered once per change of the registry
 * and shared by every server of it (a stateless endpoint makes one server per request, and the
 * dual-revision entry serves both revisions from it). Free of SDK runtime imports, so either SDK
 * major can use it.
 */
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ManifestToolOptions } from '../manifest/types';
import { accessDenied } from '../calls/ToolCaller';
import type { ToolCaller } from '../calls/ToolCaller';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import { outputShapeOf } from './outputShape';
import type { OutputShape } from './outputShape';
import { toMcpTool } from './toMcpTool';
import type { McpToolSource } from './types';

/** The rendered tool table of a registry. */
export interface ToolsView {
  tools: McpTool[];
  shapes: Map<string, OutputShape>;
  /** The tools marked `requiresApproval`. */
  approval: Set<string>;
  /** The tools marked `longRunning`. */
  longRunning: Set<string>;
  /** What each tool asks of its caller (`@Tool({ scopes, roles })`), for the tools that ask. */
  access: Map<string, Pick<ManifestToolOptions, 'scopes' | 'roles'>>;
}

/** One view per registry, shared by its servers. */
const views = new WeakMap<McpToolSource, { view?: ToolsView }>();

function sharedSlot(registry: McpToolSource): { view?: ToolsView } {
  let slot = views.get(registry);
  if (!slot) {
    const created: { view?: ToolsView } = {};
    registry.onChange(() => void (created.view = undefined));
    views.set(registry, created);
    slot = created;
  }
  return slot;
}

function viewOf(registry: McpToolSource): ToolsView {
  const descriptors = registry.descriptors();
  const shapes = new Map<string, OutputShape>();
  const approval = new Set<string>();
  const longRunning = new Set<string>();
  const access = new Map<string, Pick<ManifestToolOptions, 'scopes' | 'roles'>>();
  for (const tool of descriptors) {
    if (tool.outputSchema) shapes.set(tool.name, outputShapeOf(tool.outputSchema));
    if (tool.options?.requiresApproval) approval.add(tool.name);
    if (tool.options?.longRunning) longRunning.add(tool.name);
    const { scopes, roles } = tool.options ?? {};
    if (scopes?.length || roles?.length) access.set(tool.name, { scopes, roles });
  }
  const tasks = isTaskJobDispatcher(registry.jobs);
  const tools = descriptors.map((tool) => {
    const rendered = toMcpTool(tool);
    // A long-running tool may be called as a task when its jobs can back tasks.
    if (tasks && longRunning.has(tool.name)) rendered.execution = { taskSupport: 'optional' };
    return rendered;
  });
  return { tools, shapes, approval, longRunning, access };
}

/**
 * The tools `caller` may see: those whose `scopes`/`roles` it satisfies.
 * @example
 * pageOf(visibleTools(currentView(), caller), cursor, pageSize);
 */
export function visibleTools(view: ToolsView, caller: ToolCaller | undefined): McpTool[] {
  if (view.access.size === 0) return view.tools;
  return view.tools.filter((tool) => !accessDenied(view.access.get(tool.name), caller));
}

/**
 * The current view of a registry: a function that renders it on first use after each change.
 * @example
 * const currentView = toolsViewOf(registry);
 * const { tools } = currentView();
 */
export function toolsViewOf(registry: McpToolSource): () => ToolsView {
  const slot = sharedSlot(registry);
  return () => (slot.view ??= viewOf(registry));
}
