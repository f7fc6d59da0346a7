/**
 * The guarantee matrix (issue 43): one table-driven suite whose rows are the entry points that
 * serve a model's calls and whose columns are what holds on each. Every cell drives the real
 * entry point (the agent against the scripted Messages API server in run, stream and manual
 * mode; the MCP SDK 1.x and 2.x clients over HTTP behind a token check; `callOpenAI`;
 * `toRunnableTools`; the AI SDK with its own mock model; LangChain with its own fake model)
 * against `MatrixService`, whose tools record what reached them. A cell deliberately not
 * applicable is listed with its reason in `matrixCells.ts` (and in docs/agent.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { BetaToolRunContext } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { AIMessage } from '@langchain/core/messages';
import type { ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ToolAgent } from '../agent/ToolAgent';
import type { ToolCaller } from '../calls/ToolCaller';
import { startScriptedServer } from '../testing/startScriptedServer';
import { startMcpHttpServer } from '../mcp-dual/startMcpHttpServer';
import { connectClient } from '../mcp-dual/__fixtures__/dualClients';
import type { ClientKind } from '../mcp-dual/__fixtures__/dualClients';
import { ToolRegistry } from '../registry/ToolRegistry';
import { toAiSdkTools } from '../ai-sdk/toAiSdkTools';
import { toLangChainTools } from '../langchain/toLangChainTools';
import { MatrixService } from './__fixtures__/MatrixService';
import { until } from '../../test/until';
import { createWideRegistry, wideManifest } from '../shaping/__fixtures__/wideRegistry';
import { ALL_ROWS, COLUMNS, ENTRY_POINTS, HEADERS, ROWS } from './__fixtures__/matrixCells';
import { cellText, notApplicable } from './__fixtures__/matrixCells';
import {
  ALICE,
  asked,
  BOB,
  callerOfToken,
  hookAnswering,
  textOf,
  expectInvalidRefused,
  expectNoStack,
  expectRanAsAlice,
  expectRefusedUnasked,
  expectShaped,
  expectUnknownRefused,
  expectUnknownRefusedNamingOnlyHis,
} from './__fixtures__/matrixDriving';
import type { Answer } from './__fixtures__/matrixDriving';
import type { ColumnName, InProcessRowName, RowName } from './__fixtures__/matrixCells';

/** Who calls, and whether a call needing approval is approved (undefined: nobody is asked). */
interface Setup {
  /** Who calls (the adapters are also driven without a caller, as an app may build them). */
  caller: ToolCaller | undefined;
  approve?: boolean;
  /** The caller's signal (the run's, the request's, the adapter's). */
  signal?: AbortSignal;
}

/** Drives one call of `name` with `input` through an entry point, as `setup` says. */
type Row = (
  registry: ToolRegistry,
  setup: Setup,
  name: string,
  input: Record<string, unknown>,
) => Promise<Answer>;

const REFUND = { orderId: 'o1' };

/** The rows whose approval is asked of the client's user (who may decline). */
const MCP_ROWS = new Set<RowName>(['MCP 2025 (SDK 1.x client)', 'MCP 2026 (SDK 2.x client)']);

/** The rows whose tools the app holds and calls by name (the adapters). */
const OFFERING_ROWS = new Set<RowName>(['AI SDK', 'LangChain', 'toRunnableTools']);

/** The two replies of the scripted server: the call, then the end of the run. */
const turnsOf = (name: string, input: Record<string, unknown>) => [
  { content: [{ type: 'tool_use' as const, id: 't1', name, input }] },
  { content: [{ type: 'text' as const, text: 'Done.' }] },
];

/** The agent against the scripted server; `drive` runs it; the answer is the tool_result sent. */
function agentRow(drive: (agent: ToolAgent, signal?: AbortSignal) => Promise<unknown>): Row {
  return async (registry, { caller, approve, signal }, name, input) => {
    const server = await startScriptedServer({ turns: turnsOf(name, input) });
    try {
      const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
      const agent = new ToolAgent({
        client,
        registry,
        model: 'claude-test',
        caller,
        ...(approve !== undefined ? { approve: hookAnswering(approve) } : {}),
      });
      let sent: unknown;
      try {
        sent = await drive(agent, signal);
      } catch (error) {
        // The run ended with its signal: what the app's call rejected with.
        return { ok: false, text: (error as Error).message };
      }
      const results = (sent ?? server.requests[1]!.body.messages![2]) as {
        content: { content: unknown; is_error?: boolean }[];
      };
      const [result] = results.content;
      const tools = (server.requests[0]!.body.tools ?? []) as { name: string }[];
      const listed = tools.map((tool) => tool.name);
      return { ok: result!.is_error !== true, text: textOf(result!.content), listed };
    } finally {
      await server.close();
    }
  };
}

/** An MCP client of `kind` over HTTP, its token naming the caller. */
function mcpRow(kind: ClientKind): Row {
  return async (registry, { caller, approve, signal }, name, input) => {
    const server = await startMcpHttpServer(registry, {
      name: 'matrix',
      version: '1',
      verifyToken: callerOfToken,
      // With a say, the server asks the client's user; without one it has no approval hook.
      ...(approve !== undefined ? { approve: hookAnswering('elicit' as const) } : {}),
    });
    const headers = { Authorization: `Bearer ${caller!.id!}` };
    // Approval is asked of the client's user (an elicitation form, or 2026's input_required).
    const client = await connectClient(kind, new URL(server.url), {
      headers,
      ...(approve !== undefined ? { approve } : {}),
    });
    try {
      const listed = await client.listAll();
      const result = await client.call(name, input, signal ? { signal } : {});
      return { ok: result.isError !== true, text: textOf(result.content), listed };
    } catch (error) {
      // A JSON-RPC error (the SDK's own refusal): the text the client got.
      return { ok: false, text: (error as Error).message };
    } finally {
      await client.close();
      await server.close();
    }
  };
}

/** An adapter's options: the caller, and an `approve` hook when the setup has a say. */
const hooksOf = ({ caller, approve, signal }: Setup) => ({
  caller,
  ...(approve !== undefined ? { approve: hookAnswering(approve) } : {}),
  ...(signal ? { signal } : {}),
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const DRIVE: Record<InProcessRowName, Row> = {
  'agent run': agentRow(async (agent, signal) => {
    await agent.run('go', signal ? { signal } : {});
  }),
  'agent stream': agentRow(async (agent, signal) => {
    for await (const event of agent.stream('go', signal ? { signal } : {})) void event;
  }),
  'agent manual': agentRow(async (agent, signal) => {
    const step = await agent.step('go');
    return agent.resolve(step, undefined, signal ? { signal } : {});
  }),
  'MCP 2025 (SDK 1.x client)': mcpRow('v1'),
  'MCP 2026 (SDK 2.x client)': mcpRow('v2-pinned'),
  callOpenAI: async (registry, setup, name, input) => {
    const [message] = await registry.callOpenAI(
      [{ id: 'c1', type: 'function', function: { name, arguments: JSON.stringify(input) } }],
      hooksOf(setup),
    );
    const text = String(message!.content);
    return { ok: !text.startsWith('Error:'), text };
  },
  'AI SDK': async (registry, { caller, signal }, name, input) => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            { type: 'tool-call', toolCallId: 'c1', toolName: name, input: JSON.stringify(input) },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: 'end_turn' },
          usage,
          warnings: [],
        },
      ],
    });
    const tools = toAiSdkTools(registry, { caller });
    const listed = Object.keys(tools);
    let result;
    try {
      result = await generateText({
        model,
        tools,
        stopWhen: stepCountIs(2),
        prompt: 'go',
        ...(signal ? { abortSignal: signal } : {}),
      });
    } catch (error) {
      return { ok: false, text: (error as Error).message, listed };
    }
    const parts = result.steps[0]!.content;
    // The AI SDK asks approval through its own step (`needsApproval`): the run stops there.
    if (parts.some((p) => p.type === 'tool-approval-request'))
      return { ok: false, text: 'approval requested', listed };
    const part = parts.find((p) => p.type === 'tool-result' || p.type === 'tool-error');
    if (!part) return { ok: false, text: 'no result', listed };
    return part.type === 'tool-result'
      ? { ok: true, text: String(part.output), listed }
      : { ok: false, text: String((part.error as Error).message ?? part.error), listed };
  },
  LangChain: async (registry, setup, name, input) => {
    const tools = toLangChainTools(registry, hooksOf(setup));
    const model = fakeModel()
      .respondWithTools([{ name, args: input, id: 'c1' }])
      .respond(new AIMessage('ok'));
    const reply = await model.bindTools(tools).invoke('go');
    const listed = tools.map((t) => t.name);
    // The app's loop looks the tool up by name: one not offered is not there to call.
    const tool = tools.find((t) => t.name === name);
    if (!tool) return { ok: false, text: `${name} was not offered`, listed };
    const config = setup.signal ? { signal: setup.signal } : {};
    let answer: ToolMessage;
    try {
      answer = (await tool.invoke(reply.tool_calls![0]!, config)) as ToolMessage;
    } catch (error) {
      return { ok: false, text: (error as Error).message, listed };
    }
    return { ok: answer.status === 'success', text: String(answer.content), listed };
  },
  toRunnableTools: async (registry, setup, name, input) => {
    const tools = registry.toRunnableTools(hooksOf(setup));
    const listed = tools.map((t) => t.name);
    // The SDK's toolRunner answers a name it was not given itself.
    const tool = tools.find((t) => t.name === name);
    if (!tool) return { ok: false, text: `${name} was not offered`, listed };
    const context = {
      toolUse: { id: 'c1', name, input },
      ...(setup.signal ? { signal: setup.signal } : {}),
    } as unknown as BetaToolRunContext;
    try {
      return { ok: true, text: String(await tool.run(tool.parse(input), context)), listed };
    } catch (error) {
      return { ok: false, text: (error as Error).message, listed };
    }
  },
};

/**
 * One cell's call against a fresh registry (`wide`: joined with the manifest codegen writes for
 * `WideService`, whose results are wider than declared), and what reached the methods.
 */
async function drive(
  row: InProcessRowName,
  setup: ToolCaller | Setup,
  name: string,
  input: object,
  wide = false,
  service = new MatrixService(),
) {
  const registry = wide ? createWideRegistry() : new ToolRegistry().register(service);
  const full = 'caller' in setup ? setup : { caller: setup };
  asked.length = 0;
  const answer = await DRIVE[row](registry, full, name, input as Record<string, unknown>);
  return { ...answer, ran: service.ran };
}

/** What each column asserts of a row. */
const CELLS: Record<ColumnName, (row: InProcessRowName) => Promise<void>> = {
  'invalid input refused, naming the path': async (row) => {
    expectInvalidRefused(await drive(row, ALICE, 'place_order', { item: 'pen', qty: 'many' }));
    // Refused before approval: a hook that would approve is never asked about invalid input.
    const setup = { caller: ALICE, approve: true };
    expectRefusedUnasked(await drive(row, setup, 'refund', { order: 'o1' }));
  },
  'unknown tool refused': async (row) => {
    expectUnknownRefused(await drive(row, ALICE, 'launch_rockets', { when: 'now' }));
    expectUnknownRefusedNamingOnlyHis(await drive(row, BOB, 'launch_rockets', { when: 'now' }));
  },
  'scope refused': async (row) => {
    const answer = await drive(row, BOB, 'read_audit', { day: 'mon' });
    expect(answer).toMatchObject({ ok: false, ran: [] });
    // Where the app holds the tools (the adapters), one not offered can't be called at all;
    // elsewhere the call pipeline refuses the model's call of it.
    if (OFFERING_ROWS.has(row)) expect(answer.text).toContain('read_audit');
    else expect(answer.text).toContain('it requires the scope "audit:read"');
    // Where toolwright lists the tools (the agent's request, MCP's tools/list, the adapters' tools
    // for a caller), it is not.
    if (answer.listed) expect(answer.listed).toEqual(expect.arrayContaining(['place_order']));
    if (answer.listed) expect(answer.listed).not.toContain('read_audit');
    if (!OFFERING_ROWS.has(row)) return;
    // An adapter built without a caller offers every tool: the pipeline refuses the call.
    const offered = await drive(row, { caller: undefined }, 'read_audit', { day: 'mon' });
    expect(offered).toMatchObject({ ok: false, ran: [] });
    expect(offered.listed).toContain('read_audit');
    expect(offered.text).toContain('it requires the scope "audit:read"');
  },
  'ctx.caller is the caller': async (row) => {
    expectRanAsAlice(await drive(row, ALICE, 'read_audit', { day: 'mon' }));
  },
  'approval asked or refused': async (row) => {
    const refused = await drive(row, ALICE, 'refund', { orderId: 'o1' });
    expect(refused).toMatchObject({ ok: false, ran: [] });
    expect(refused.text).toMatch(/approv/i);
    if (MCP_ROWS.has(row)) {
      const declined = await drive(row, { caller: ALICE, approve: false }, 'refund', REFUND);
      expect(declined).toMatchObject({ ok: false, ran: [] });
    }
    // The AI SDK's approved call is the app's next generateText with the approval: not its hook.
    if (row === 'AI SDK') return;
    const approved = await drive(row, { caller: ALICE, approve: true }, 'refund', REFUND);
    expect(approved).toMatchObject({ ok: true, ran: [{ tool: 'refund', caller: 'alice' }] });
  },
  "the tool's timeoutMs bounds the wait": async (row) => {
    const answer = await drive(row, ALICE, 'slow_report', { month: 'may' });
    expect(answer.ok).toBe(false);
    expect(answer.text).toMatch(/slow_report[\s\S]*time|time[\s\S]*slow_report/i);
    expect(answer.text).not.toContain('report of may');
  },
  "the caller's signal bounds the wait": async (row) => {
    const controller = new AbortController();
    const service = new MatrixService();
    service.onStart = () => controller.abort();
    const setup = { caller: ALICE, signal: controller.signal };
    await drive(row, setup, 'wait_for_signal', { label: 'x' }, false, service);
    // The method saw its signal abort (over MCP, once the client's cancellation arrived); what
    // the app then gets is the entry point's own (a rejected run, or the method's late answer).
    await until(() => service.ran.length > 0, 'the method to see its signal abort');
    expect(service.ran).toEqual([
      { tool: 'wait_for_signal', input: { label: 'x', aborted: true }, caller: 'alice' },
    ]);
  },
  'result shaped to the declared schema': async (row) => {
    expectShaped(await drive(row, ALICE, 'summary', { id: 'o1' }, true));
  },
  'an error leaks no stack': async (row) => {
    const answer = await drive(row, ALICE, 'lookup_customer', { id: 'c1' });
    expect(answer).toMatchObject({ ok: false, ran: [{ tool: 'lookup_customer' }] });
    // The message only (DESIGN: "any other error reaches the model as its message only").
    expectNoStack(answer, 'MatrixService');
  },
};

// WideService's manifest (codegen, in process) is made once before the cells, outside their 20 s
// limit: on a loaded machine the first cell to need it ran out of time.
beforeAll(() => void wideManifest(), 120_000);

describe.each(ROWS.map((row) => [row]))('%s', (row) => {
  for (const column of COLUMNS) {
    const reason = notApplicable(row, column);
    if (reason) it.skip(`${column}: not applicable (${reason})`, () => undefined);
    else it(column, () => CELLS[column](row), 20_000);
  }
});

/** docs/agent.md's "What holds where": its table's cells, and its not-applicable reasons. */
function readmeMatrix() {
  const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'agent.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**What holds where.**'));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const table = section.slice(0, section.indexOf('\n\n- ')).split('\n');
  const rows = table.filter((line) => line.startsWith('|') && !line.startsWith('| ---'));
  const reasons = section
    .slice(section.indexOf('\n\n- ') + 2, section.indexOf('\n\n', section.indexOf('\n\n- ') + 2))
    .split('\n')
    .map((line) => /^- (.+?), (.+?): (.+)$/.exec(line)!.slice(1));
  return { header: cells(rows[0]!), rows: rows.slice(1).map(cells), reasons };
}

describe('docs/agent.md\'s "What holds where"', () => {
  it("has the matrix's rows and columns, and its not-applicable cells with their reasons", () => {
    const readme = readmeMatrix();
    expect(readme.header).toEqual(['Entry point', ...COLUMNS.map((column) => HEADERS[column])]);
    expect(readme.rows).toEqual(
      ALL_ROWS.map((row) => [ENTRY_POINTS[row], ...COLUMNS.map((column) => cellText(row, column))]),
    );
    const expected = ALL_ROWS.flatMap((row) =>
      COLUMNS.filter((column) => notApplicable(row, column)).map((column) => [
        ENTRY_POINTS[row],
        HEADERS[column],
        notApplicable(row, column),
      ]),
    );
    expect(readme.reasons).toEqual(expected);
  });
});
