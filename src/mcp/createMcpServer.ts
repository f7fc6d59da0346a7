/**
 * The MCP server of a registry, on the SDK's low-level `Server` so the registry's JSON Schemas
 * go out untouched: `tools/list` renders `descriptors()` (paged), `tools/call` goes through
 * `handleToolCall` (validation, limits and error text are the registry's), the `tasks/*`
 * requests through `serveTasks` when the registry's jobs can back tasks, and a change of the
 * registry becomes `notifications/tools/list_changed`.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import { handleToolCall } from './handleToolCall';
import { renderOutcome } from './renderOutcome';
import { JobTaskStore } from './JobTaskStore';
import { serveTasks } from './serveTasks';
import type { CallScope } from './callScope';
import { DEFAULT_PAGE_SIZE, pageOf } from './listTools';
import { toolsViewOf, visibleTools } from './toolsView';
import { callerOf } from './callerOf';
import type { McpServerOptions, McpToolSource } from './types';

/** What the server declares of tasks: list, cancel, and task-augmented `tools/call`. */
const TASK_CAPABILITIES = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/**
 * An MCP server exposing every tool of the registry. Connect it to a transport
 * (`await server.connect(new StdioServerTransport())`); it stops listening to the registry
 * when it closes (through `onclose`: if you replace `onclose`, call the previous one).
 * @example
 * const server = createMcpServer(registry, { name: 'stocks', version: '1.0.0' });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(registry: McpToolSource, options: McpServerOptions): Server {
  const jobs = registry.jobs;
  const currentView = toolsViewOf(registry);
  const scope: CallScope = {
    server: undefined as unknown as Server,
    registry,
    options,
    shapeOf: (name) => currentView().shapes.get(name),
    needsApproval: (name) => currentView().approval.has(name),
    isLongRunning: (name) => currentView().longRunning.has(name),
    accessOf: (name) => currentView().access.get(name),
    checkResults: options.checkResults ?? process.env.NODE_ENV !== 'production',
  };
  if (isTaskJobDispatcher(jobs))
    scope.taskStore = new JobTaskStore(jobs, (name, outcome) =>
      renderOutcome(scope, name, outcome),
    );
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: {
        tools: { listChanged: true },
        ...(scope.taskStore ? { tasks: TASK_CAPABILITIES } : {}),
      },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  scope.server = server;
  if (scope.taskStore) serveTasks(server, scope.taskStore);

  server.setRequestHandler(ListToolsRequestSchema, (request, extra) =>
    pageOf(
      visibleTools(currentView(), callerOf(extra.authInfo)),
      request.params?.cursor,
      options.pageSize ?? DEFAULT_PAGE_SIZE,
    ),
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
