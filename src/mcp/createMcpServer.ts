/**
 * The MCP server of a registry, on the SDK's low-level `Server` so the registry's JSON Schemas
 * go out untouched: `tools/list` renders `descriptors()`, `tools/call` goes through
 * `registry.call` (validation, limits and error text are the registry's), and a change of the
 * registry becomes `notifications/tools/list_changed`.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { APPROVAL_FORM, approveCall } from './approveCall';
import { mcpErrorResult, toMcpResult } from './toMcpResult';
import { toMcpTool } from './toMcpTool';
import type { McpServerOptions, McpToolSource } from './types';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The id a call runs under: the JSON-RPC request id, scoped by the session when there is one. */
function toolUseIdOf(extra: Extra): string {
  return extra.sessionId ? `mcp-${extra.sessionId}-${extra.requestId}` : `mcp-${extra.requestId}`;
}

/** The text of a refusal: names the tool, says it did not run, and why. */
function refusal(name: string, reason: string): CallToolResult {
  return mcpErrorResult(sanitizeForModel(`Tool ${JSON.stringify(name)} was not run: ${reason}`));
}

/** Whether the call may run: tools without `requiresApproval` always may. */
async function approvalOf(
  server: Server,
  registry: McpToolSource,
  options: McpServerOptions,
  name: string,
  input: Record<string, unknown>,
  extra: Extra,
): Promise<CallToolResult | undefined> {
  if (!registry.get(name)?.options.requiresApproval) return undefined;
  const request = {
    name,
    input,
    toolUseId: toolUseIdOf(extra),
    sessionId: extra.sessionId,
    canElicit: Boolean(server.getClientCapabilities()?.elicitation?.form),
  };
  const ask = async (message: string): Promise<boolean> => {
    const answer = await server.elicitInput(
      { mode: 'form', message, requestedSchema: APPROVAL_FORM },
      { relatedRequestId: extra.requestId, signal: extra.signal },
    );
    return answer.action === 'accept' && answer.content?.approve === true;
  };
  try {
    const verdict = await approveCall(options.approve, request, ask);
    return verdict.approved ? undefined : refusal(name, verdict.reason);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return refusal(name, `approval failed: ${message}`);
  }
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

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: registry.descriptors().map(toMcpTool),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const raw = request.params.arguments ?? {};
    // Checked once: invalid input is answered with the registry's error text (nobody is asked to
    // approve it), and the checked input is dispatched without validating again.
    const checked = registry.check ? await registry.check(name, raw) : undefined;
    if (checked && !checked.ok) return toMcpResult({ content: checked.error, isError: true });
    const input = checked?.input ?? raw;
    const refused = await approvalOf(server, registry, options, name, input, extra);
    if (refused) return refused;
    const outcome = await registry.call(name, input, {
      toolUseId: toolUseIdOf(extra),
      signal: extra.signal,
      state: options.state?.({ sessionId: extra.sessionId, authInfo: extra.authInfo }),
    });
    return toMcpResult(outcome);
  });

  const unsubscribe = registry.onChange(() => {
    if (!server.transport) return;
    server.sendToolListChanged().catch(() => undefined);
  });
  server.onclose = unsubscribe;
  return server;
}
