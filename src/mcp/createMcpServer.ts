/**
 * The MCP server of a registry, on the SDK's low-level `Server` so the registry's JSON Schemas
 * go out untouched: `tools/list` renders `descriptors()` (paged), `tools/call` goes through
 * `handleToolCall` (validation, limits and error text are the registry's), and a change of the
 * registry becomes `notifications/tools/list_changed`.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import { handleToolCall } from './handleToolCall';
import type { CallScope } from './handleToolCall';
import { DEFAULT_PAGE_SIZE, pageOf } from './listTools';
import { outputShapeOf } from './outputShape';
import type { OutputShape } from './outputShape';
import { toMcpTool } from './toMcpTool';
import type { McpServerOptions, McpToolSource } from './types';

/** What `tools/list` and `tools/call` read of the registry, rebuilt only when it changes. */
interface ToolsView {
  tools: McpTool[];
  shapes: Map<string, OutputShape>;
  /** The tools marked `requiresApproval`. */
  approval: Set<string>;
}

/** One view per registry, shared by its servers (a stateless endpoint makes one per request). */
const views = new WeakMap<McpToolSource, { view?: ToolsView }>();

function sharedView(registry: McpToolSource): { view?: ToolsView } {
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
  for (const tool of descriptors) {
    if (tool.outputSchema) shapes.set(tool.name, outputShapeOf(tool.outputSchema));
    if (tool.options?.requiresApproval) approval.add(tool.name);
  }
  return { tools: descriptors.map(toMcpTool), shapes, approval };
}

/**
 * An MCP server exposing every tool of the registry. Connect it to a transport
 * (`await server.connect(new StdioServerTransport())`); it stops listening to the registry
 * when it closes (through `onclose`: if you replace `onclose`, call the previous one).
 * @example
 * const server = createMcpServer(registry, { name: 'stocks', version: '1.0.0' });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(registry: McpToolSource, options: McpServerOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged: true } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const slot = sharedView(registry);
  const currentView = () => (slot.view ??= viewOf(registry));
  const scope: CallScope = {
    server,
    registry,
    options,
    shapeOf: (name) => currentView().shapes.get(name),
    needsApproval: (name) => currentView().approval.has(name),
    checkResults: options.checkResults ?? process.env.NODE_ENV !== 'production',
  };

  server.setRequestHandler(ListToolsRequestSchema, (request) =>
    pageOf(currentView().tools, request.params?.cursor, options.pageSize ?? DEFAULT_PAGE_SIZE),
  );
  // tools/call is answered here rather than through setRequestHandler: the SDK's own check of
  // the request answers a malformed call with a multi-line dump; ours says it in one line.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'tools/call') return handleToolCall(scope, request.params, extra);
    throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found');
  };

  const unsubscribe = registry.onChange(() => {
    if (!server.transport) return;
    server.sendToolListChanged().catch(() => undefined);
  });
  server.onclose = unsubscribe;
  return server;
}
