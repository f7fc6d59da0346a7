/**
 * Programmatic tool calling (issue 48, part 2) in every mode of the agent, against the scripted
 * server through the real client: tools marked `callableFromCode` go out with `allowed_callers`
 * and the code execution tool; calls the code makes are answered with nothing but their
 * `tool_result` blocks, in the container the response named; approval, scopes and validation
 * hold for them; a paused run resumes in its container on another instance; an expired
 * container, an unknown one and a platform without the feature are clear errors (a registry's
 * code-callable tool when the agent is made, one in `params.tools` at the first request).
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import type { PendingApproval } from '../approvals/types';
import { ContainerExpiredError } from '../errors/ContainerExpiredError';
import { ToolwrightError } from '../errors/ToolwrightError';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../testing/types';
import {
  callFromCode,
  codeResult,
  inContainer,
  runCode,
} from '../testing/__fixtures__/codeExecutionTurns';
import {
  PLATFORM_MODELS,
  bedrockClient,
  vertexClient,
} from '../testing/__fixtures__/platformClients';
import { blocksOf, say, startHarness } from './__fixtures__/harness';
import { createLedgerRegistry, ledgerManifest } from './__fixtures__/ledgerRegistry';
import { ToolAgent } from './ToolAgent';
import type { AgentClient, AgentEvent, RunResult, ToolAgentOptions } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

async function start(turns: ScriptedTurn[]): Promise<void> {
  server = await startScriptedServer({ turns });
}

/** An agent of its own (ledger, registry, client) on the running server. */
function instance(options: Partial<ToolAgentOptions<unknown, 'pause'>> = {}) {
  const { ledger, registry } = createLedgerRegistry();
  const client = new Anthropic({ apiKey: 'test', baseURL: server!.url, maxRetries: 0 });
  const agent = new ToolAgent<unknown, 'pause'>({
    client,
    registry,
    model: 'claude-test',
    ...options,
  });
  return { ledger, agent };
}

function completed(result: RunResult | PendingApproval): RunResult {
  if (result.status !== 'completed') throw new Error(`expected a completed run, got a pause`);
  return result;
}

/** Request `index` as the server received it. */
const request = (index: number) => server!.requests[index].body;

/** The blocks of request `index`'s last message. */
const lastBlocks = (index: number) => blocksOf(request(index).messages?.at(-1));

/** A reply whose code calls `name` in container `id`, which expired in 2000. */
const expiredCall = (id: string, tool: string, call: string, name: string): ScriptedTurn =>
  inContainer(
    id,
    [runCode(tool, '...'), callFromCode(tool, call, name, { employee: 'e' })],
    '2000-01-01T00:00:00Z',
  );

/** The budget check of the docs: code reads expenses and the limit, then prints who is over. */
const budgetCheck: ScriptedTurn[] = [
  inContainer('container_1', [
    { type: 'text', text: 'Checking in code.' },
    runCode('srvtoolu_1', 'r = await get_expenses(employee="emp_7")\nprint(r)'),
    callFromCode('srvtoolu_1', 'toolu_e1', 'get_expenses', { employee: 'emp_7' }),
  ]),
  inContainer('container_1', [
    callFromCode('srvtoolu_1', 'toolu_l1', 'get_limit', { employee: 'emp_7' }),
  ]),
  inContainer('container_1', [
    codeResult('srvtoolu_1', 'emp_7 spent 150 of 100'),
    { type: 'text', text: 'emp_7 is over the limit.' },
  ]),
];

/** What every request of the budget check must look like. */
function expectBudgetRequests(): void {
  expect(server!.requests).toHaveLength(3);
  const tools = request(0).tools as { name?: string; type?: string; allowed_callers?: string[] }[];
  expect(tools.filter((tool) => tool.type?.startsWith('code_execution'))).toEqual([
    { type: 'code_execution_20260120', name: 'code_execution' },
  ]);
  expect(tools.find((tool) => tool.name === 'get_expenses')?.allowed_callers).toEqual([
    'code_execution_20260120',
  ]);
  expect(tools.find((tool) => tool.name === 'notify')?.allowed_callers).toBeUndefined();
  expect(request(0).container).toBeUndefined();
  expect(request(1).container).toBe('container_1');
  expect(request(2).container).toBe('container_1');
  expect(lastBlocks(1).map((b) => [b.type, b.tool_use_id])).toEqual([['tool_result', 'toolu_e1']]);
  expect(lastBlocks(2).map((b) => [b.type, b.tool_use_id])).toEqual([['tool_result', 'toolu_l1']]);
  expect(JSON.parse(String(lastBlocks(1)[0].content))).toEqual({
    employee: 'emp_7',
    lines: [
      { employee: 'emp_7', amount: 120, category: 'travel' },
      { employee: 'emp_7', amount: 30, category: 'meals' },
    ],
    total: 150,
  });
}

/** The history keeps the code execution blocks and each call's caller as the API sent them. */
function expectHistory(messages: readonly MessageParam[]): void {
  const types = messages.map((m) => blocksOf(m).map((b) => b.type));
  expect(types).toEqual([
    [],
    ['text', 'server_tool_use', 'tool_use'],
    ['tool_result'],
    ['tool_use'],
    ['tool_result'],
    ['code_execution_tool_result', 'text'],
  ]);
  expect(blocksOf(messages[1])[2].caller).toEqual({
    type: 'code_execution_20260120',
    tool_id: 'srvtoolu_1',
  });
  expect(blocksOf(messages[1])[1].input).toEqual({
    code: 'r = await get_expenses(employee="emp_7")\nprint(r)',
  });
}

describe('ToolAgent: programmatic tool calling', () => {
  it('codegen carries callableFromCode in the manifest', () => {
    const options = Object.fromEntries(ledgerManifest().tools.map((t) => [t.name, t.options]));
    expect(options.get_expenses).toEqual({ callableFromCode: true });
    expect(options.notify).toBeUndefined();
  });

  it('run(): adds code execution, answers calls from code with only tool_result blocks, in the named container', async () => {
    await start(budgetCheck);
    const { ledger, agent } = instance();
    const result = completed(await agent.run('Who is over budget?'));
    expect(result.finalText).toBe('emp_7 is over the limit.');
    expect(ledger.log.map((entry) => entry.tool)).toEqual(['get_expenses', 'get_limit']);
    expectBudgetRequests();
    expectHistory(result.messages);
  });

  it('stream(): the same turns streamed, the container read from message_delta', async () => {
    await start(budgetCheck);
    const { ledger, agent } = instance();
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Who is over budget?')) events.push(event);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('expected done');
    expect(done.result.finalText).toBe('emp_7 is over the limit.');
    expect(ledger.log.map((entry) => entry.tool)).toEqual(['get_expenses', 'get_limit']);
    expect(
      events.filter((e) => e.type === 'tool_result').map((e) => e.type === 'tool_result' && e.id),
    ).toEqual(['toolu_e1', 'toolu_l1']);
    expectBudgetRequests();
    expectHistory(done.result.messages);
  });

  it('step()/resolve(): manual mode finds the container from the history', async () => {
    await start(budgetCheck);
    const { agent } = instance();
    const messages: MessageParam[] = [{ role: 'user', content: 'Who is over budget?' }];
    for (;;) {
      const step = await agent.step(messages);
      messages.push({ role: 'assistant', content: step.message.content });
      if (step.done) break;
      messages.push(await agent.resolve(step));
    }
    expectBudgetRequests();
    expectHistory(messages);
  });

  it('reuses the container on the next request of the conversation while it lives', async () => {
    await start([...budgetCheck, inContainer('container_1', [{ type: 'text', text: 'Yes.' }])]);
    const { agent } = instance();
    const first = completed(await agent.run('Who is over budget?'));
    await agent.run([...first.messages, { role: 'user', content: 'Sure?' }]);
    expect(request(3).container).toBe('container_1');
  });

  it('a call from code needing approval pauses; another instance resumes it in its container', async () => {
    await start([
      inContainer('container_2', [
        runCode('srvtoolu_2', 'await flag(employee="emp_7")'),
        callFromCode('srvtoolu_2', 'toolu_f1', 'flag', { employee: 'emp_7' }),
      ]),
      inContainer('container_2', [
        codeResult('srvtoolu_2', 'flagged'),
        { type: 'text', text: 'Flagged.' },
      ]),
    ]);
    const approvalStore = new MemoryApprovalStore();
    const first = instance({ approvals: 'pause', approvalStore });
    const paused = await first.agent.run('Flag emp_7');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    expect(paused.pending.map((call) => call.id)).toEqual(['toolu_f1']);
    expect(first.ledger.log).toEqual([]);

    const second = instance({ approvals: 'pause', approvalStore });
    const result = completed(await second.agent.resume(paused.runId, { toolu_f1: true }));
    expect(result.finalText).toBe('Flagged.');
    expect(second.ledger.log).toEqual([{ tool: 'flag', args: ['emp_7'] }]);
    expect(request(1).container).toBe('container_2');
    expect(lastBlocks(1)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_f1', content: 'flagged emp_7' },
    ]);
  });

  it('approval, scopes and validation hold for calls from code as for direct ones', async () => {
    await start([
      inContainer('container_3', [
        runCode('srvtoolu_3', '...'),
        callFromCode('srvtoolu_3', 'toolu_a', 'flag', { employee: 'emp_7' }),
        callFromCode('srvtoolu_3', 'toolu_b', 'payroll', { employee: 'emp_7' }),
        callFromCode('srvtoolu_3', 'toolu_c', 'get_limit', { employee: 7 }),
      ]),
      inContainer('container_3', [codeResult('srvtoolu_3', ''), { type: 'text', text: 'Done.' }]),
    ]);
    const { ledger, agent } = instance({ approve: () => ({ approved: false, reason: 'no' }) });
    completed(await agent.run('Go'));
    expect(ledger.log).toEqual([]);
    const results = lastBlocks(1);
    expect(results.map((b) => [b.type, b.tool_use_id, b.is_error])).toEqual([
      ['tool_result', 'toolu_a', true],
      ['tool_result', 'toolu_b', true],
      ['tool_result', 'toolu_c', true],
    ]);
    expect(String(results[0].content)).toMatch(/denied \(no\)/);
    expect(String(results[1].content)).toMatch(/requires the scope "payroll:read"/);
    expect(String(results[2].content)).toMatch(/Invalid input/);
    expect(request(1).container).toBe('container_3');
  });

  it('an expired container is a ContainerExpiredError carrying the history', async () => {
    await start([expiredCall('container_old', 'srvtoolu_4', 'toolu_x', 'get_limit')]);
    const { agent } = instance();
    const error = await agent.run('Go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContainerExpiredError);
    expect(error).toMatchObject({
      containerId: 'container_old',
      callIds: ['toolu_x'],
      message: expect.stringMatching(/expired at 2000-01-01T00:00:00Z/),
    });
    expect((error as { messages: MessageParam[] }).messages).toHaveLength(3);
    expect(server!.requests).toHaveLength(1);
  });

  it('resume() refuses a paused run whose calls from code wait in an expired container, running nothing', async () => {
    await start([expiredCall('container_6', 'srvtoolu_6', 'toolu_f6', 'flag')]);
    const approvalStore = new MemoryApprovalStore();
    const first = instance({ approvals: 'pause', approvalStore });
    const paused = await first.agent.run('Flag e');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    const second = instance({ approvals: 'pause', approvalStore });
    const error = await second.agent
      .resume(paused.runId, { toolu_f6: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContainerExpiredError);
    expect(error).toMatchObject({ containerId: 'container_6', callIds: ['toolu_f6'] });
    expect(second.ledger.log).toEqual([]);
    expect(server!.requests).toHaveLength(1);
  });

  it('resume() honours params.container as run() does: the named container is used, not checked', async () => {
    await start([
      expiredCall('container_8', 'srvtoolu_8', 'toolu_f8', 'flag'),
      inContainer('container_9', [
        codeResult('srvtoolu_8', 'flagged'),
        { type: 'text', text: 'Flagged.' },
      ]),
    ]);
    const approvalStore = new MemoryApprovalStore();
    const first = instance({ approvals: 'pause', approvalStore });
    const paused = await first.agent.run('Flag e');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    const second = instance({
      approvals: 'pause',
      approvalStore,
      params: { container: 'container_9' },
    });
    const result = completed(await second.agent.resume(paused.runId, { toolu_f8: true }));
    expect(result.finalText).toBe('Flagged.');
    expect(second.ledger.log).toEqual([{ tool: 'flag', args: ['e'] }]);
    expect(request(1).container).toBe('container_9');
  });

  it('resolve() refuses a step whose calls from code wait in an expired container, running nothing', async () => {
    await start([expiredCall('container_7', 'srvtoolu_7', 'toolu_l7', 'get_limit')]);
    const { ledger, agent } = instance();
    const step = await agent.step('Go');
    await expect(agent.resolve(step)).rejects.toBeInstanceOf(ContainerExpiredError);
    expect(ledger.log).toEqual([]);
  });

  it('resolve() honours params.container as run() does: the named container is used, not checked', async () => {
    await start([expiredCall('container_10', 'srvtoolu_10', 'toolu_l10', 'get_limit')]);
    const { ledger, agent } = instance({ params: { container: 'container_11' } });
    const step = await agent.step('Go');
    const answer = await agent.resolve(step);
    expect(ledger.log).toEqual([{ tool: 'get_limit', args: ['e'] }]);
    expect(answer.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_l10' }),
    ]);
  });

  it('a history answering calls from code in a container this agent never saw is a clear error, unless params.container names it', async () => {
    await start([inContainer('container_5', [{ type: 'text', text: 'Done.' }])]);
    const history: MessageParam[] = [
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: [
          {
            type: 'server_tool_use',
            id: 'srvtoolu_5',
            name: 'code_execution',
            input: { code: '' },
          },
          {
            type: 'tool_use',
            id: 'toolu_y',
            name: 'get_limit',
            input: { employee: 'e' },
            caller: { type: 'code_execution_20260120', tool_id: 'srvtoolu_5' },
          },
        ],
      },
    ];
    const { ledger, agent } = instance();
    await expect(agent.run(history)).rejects.toThrow(
      /container that code runs in is unknown to this agent.*params\.container/,
    );
    expect(server!.requests).toHaveLength(0);
    expect(ledger.log).toEqual([]);
    const named = instance({ params: { container: 'container_5' } });
    completed(await named.agent.run(history));
    expect(named.ledger.log).toEqual([{ tool: 'get_limit', args: ['e'] }]);
    expect(request(0).container).toBe('container_5');
  });

  it('a registry without code-callable tools sends no code execution tool and no container', async () => {
    const harness = await startHarness([say('Hi')]);
    server = harness.server;
    await harness.agent.run('Hi');
    const tools = request(0).tools as { name?: string; type?: string }[];
    expect(tools.some((tool) => tool.type?.startsWith('code_execution'))).toBe(false);
    expect(request(0).container).toBeUndefined();
  });
});

describe.each([
  ['Amazon Bedrock', bedrockClient, PLATFORM_MODELS.bedrock],
  ['Vertex AI', vertexClient, PLATFORM_MODELS.vertex],
] as const)('ToolAgent on %s: programmatic tool calling', (name, makeClient, model) => {
  it('is a clear error when the agent is made, as the platform does not offer it', async () => {
    await start([]);
    const { registry } = createLedgerRegistry();
    const client = makeClient(server!.url) as unknown as AgentClient;
    let error: unknown;
    try {
      new ToolAgent({ client, registry, model });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolwrightError);
    expect((error as Error).message).toContain(
      `programmatic tool calling is not offered on ${name}`,
    );
    expect((error as Error).message).toContain('get_expenses');
    expect(server!.requests).toHaveLength(0);
  });

  it('a code-callable tool given in params.tools is a clear error before any request', async () => {
    await start([]);
    const client = makeClient(server!.url) as unknown as AgentClient;
    const agent = new ToolAgent({
      client,
      registry: new ToolRegistry(),
      model,
      params: {
        tools: [
          {
            name: 'read_rates',
            input_schema: { type: 'object' },
            allowed_callers: ['code_execution_20260120'],
          },
        ],
      },
    });
    const error = await agent.run('Go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolwrightError);
    expect((error as Error).message).toContain(
      `programmatic tool calling is not offered on ${name}, and the tools read_rates`,
    );
    expect(server!.requests).toHaveLength(0);
  });
});
