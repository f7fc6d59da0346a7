/**
 * The agent through Amazon Bedrock and Vertex AI (issue 33): the real `AnthropicBedrock` and
 * `AnthropicVertex` clients, with the platforms' model ids, against the scripted server's Bedrock
 * (`invoke`, AWS event stream) and Vertex (`rawPredict`, `streamRawPredict`) routes. A tool turn,
 * a streamed turn of two calls, manual mode, an approval paused and resumed on another client,
 * and an API error mid-run that keeps the history.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import type { ApprovalMode, PendingApproval } from '../approvals/types';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../testing/types';
import {
  PLATFORM_MODELS,
  bedrockClient,
  vertexClient,
} from '../testing/__fixtures__/platformClients';
import type { PlatformClientOptions } from '../testing/__fixtures__/platformClients';
import { blocksOf, say, use } from './__fixtures__/harness';
import { ShopService } from './__fixtures__/ShopService';
import { ToolAgent } from './ToolAgent';
import type { AgentEvent, RunResult, ToolAgentOptions } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

const platforms = [
  ['Bedrock', 'bedrock', bedrockClient, PLATFORM_MODELS.bedrock],
  ['Vertex', 'vertex', vertexClient, PLATFORM_MODELS.vertex],
] as const;

const roles = (messages: readonly MessageParam[] | undefined) => messages?.map((m) => m.role);

/** The tool results of request `index`'s last message. */
const resultsSent = (index: number) =>
  blocksOf(server!.requests[index].body.messages?.at(-1)).map((b) => [
    b.tool_use_id,
    b.is_error ?? false,
    b.content,
  ]);

function completed(result: RunResult | PendingApproval): RunResult {
  if (result.status !== 'completed') throw new Error(`expected a completed run, got a pause`);
  return result;
}

describe.each(platforms)('ToolAgent on %s', (_name, platform, makeClient, model) => {
  /** An agent of its own (client, shop, registry) on the running server. */
  function instance<Mode extends ApprovalMode = 'callback'>(
    options: Partial<ToolAgentOptions<unknown, Mode>> = {},
    client: PlatformClientOptions = {},
  ): { shop: ShopService; agent: ToolAgent<unknown, Mode> } {
    const shop = new ShopService();
    const registry = new ToolRegistry().register(shop);
    const agent = new ToolAgent<unknown, Mode>({
      client: makeClient(server!.url, client),
      registry,
      model,
      ...options,
    });
    return { shop, agent };
  }

  const start = async (turns: ScriptedTurn[]) => {
    server = await startScriptedServer({ turns });
  };

  it('run(): a tool turn, then the answer, every request on the platform route with its model', async () => {
    await start([
      use({ id: 'w1', name: 'get_weather', input: { city: 'Oslo' } }),
      say('Sunny in Oslo.'),
    ]);
    const { shop, agent } = instance();
    const result = completed(await agent.run('Weather in Oslo?'));
    expect(result.finalText).toBe('Sunny in Oslo.');
    expect(shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    expect(server!.requests.map((r) => [r.platform, r.model])).toEqual([
      [platform, model],
      [platform, model],
    ]);
    expect(resultsSent(1)).toEqual([['w1', false, 'Sunny in Oslo']]);
    expect(server!.requests[0].body.tools).toContainEqual(
      expect.objectContaining({ name: 'get_weather' }),
    );
    expect(result.messages).toEqual([
      ...(server!.requests[1].body.messages as MessageParam[]),
      { role: 'assistant', content: result.message.content },
    ]);
  });

  it('stream(): two calls of one streamed turn both run and are answered in tool_use order', async () => {
    await start([
      {
        content: [
          { type: 'text', text: 'Both at once.' },
          { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool_use', id: 't2', name: 'add', input: { a: 2, b: 3 } },
        ],
        stream: { chunkSize: 4 },
      },
      say('Oslo is sunny and 2 + 3 = 5.'),
    ]);
    const { shop, agent } = instance();
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Weather in Oslo, and 2 + 3?')) events.push(event);
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'tool_call_start')).toHaveLength(2);
    expect(types).toContain('tool_input_delta');
    expect(types.at(-1)).toBe('done');
    expect(shop.log).toHaveLength(2);
    expect(resultsSent(1)).toEqual([
      ['t1', false, 'Sunny in Oslo'],
      ['t2', false, '5'],
    ]);
    expect(server!.requests[0].path).toMatch(
      platform === 'bedrock' ? /invoke-with-response-stream$/ : /:streamRawPredict$/,
    );
    const done = events.at(-1) as Extract<AgentEvent, { type: 'done' }>;
    expect(done.result.finalText).toBe('Oslo is sunny and 2 + 3 = 5.');
  });

  it('step() and resolve(): manual mode sorts the calls, runs the valid one and answers the invalid one', async () => {
    await start([
      use(
        { id: 't1', name: 'get_weather', input: { city: 'Oslo' } },
        { id: 't2', name: 'get_weather', input: { town: 'Bergen' } },
      ),
      say('Oslo is sunny.'),
    ]);
    const { shop, agent } = instance();
    const messages: MessageParam[] = [{ role: 'user', content: 'Weather in Oslo and Bergen?' }];
    const step = await agent.step(messages);
    expect(step.calls.map((call) => call.id)).toEqual(['t1']);
    expect(step.invalidCalls[0]).toMatchObject({ id: 't2', error: expect.stringMatching(/town/) });
    messages.push({ role: 'assistant', content: step.message.content }, await agent.resolve(step));
    expect(shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    const last = await agent.step(messages);
    expect(last.done).toBe(true);
    expect(server!.requests[1].body.messages).toEqual(messages);
  });

  it('approvals: pause, then resume on another client and agent, with the other result kept', async () => {
    await start([
      use(
        { id: 'w1', name: 'get_weather', input: { city: 'Oslo' } },
        { id: 'r1', name: 'refund', input: { orderId: 'o-9', amount: 900 } },
      ),
      say('Refunded; Oslo is sunny.'),
    ]);
    const approvalStore = new MemoryApprovalStore();
    const first = instance<'pause'>({ approvals: 'pause', approvalStore });
    const paused = await first.agent.run('Refund o-9 and the weather');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    expect(paused.pending).toEqual([
      { id: 'r1', name: 'refund', input: { orderId: 'o-9', amount: 900 } },
    ]);
    expect(server!.requests).toHaveLength(1);
    const second = instance<'pause'>({ approvals: 'pause', approvalStore });
    const done = completed(await second.agent.resume(paused.runId, { r1: true }));
    expect(done.finalText).toBe('Refunded; Oslo is sunny.');
    expect(first.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    expect(second.shop.log).toEqual([{ tool: 'refund', args: ['o-9', 900] }]);
    expect(resultsSent(1)).toEqual([
      ['w1', false, 'Sunny in Oslo'],
      ['r1', false, 'Refunded 900 on o-9'],
    ]);
  });

  it('run(): an API error after the tool ran carries the history, and the run goes on from it', async () => {
    await start([
      use({ id: 'w1', name: 'get_weather', input: { city: 'Oslo' } }),
      { error: { status: 400, message: 'prompt is too long' } },
      say('Sunny in Oslo.'),
    ]);
    const { shop, agent } = instance();
    const error = (await agent.run('Weather in Oslo?').then(
      () => undefined,
      (failure: unknown) => failure,
    )) as (Error & { status?: number; messages?: MessageParam[] }) | undefined;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error?.status).toBe(400);
    expect(error?.message).toContain('prompt is too long');
    expect(roles(error?.messages)).toEqual(['user', 'assistant', 'user']);
    const again = completed(await agent.run(error!.messages!));
    expect(again.finalText).toBe('Sunny in Oslo.');
    expect(shop.log).toHaveLength(1);
  });

  it('stream(): a platform error inside the second turn carries the history', async () => {
    await start([
      use({ id: 'w1', name: 'get_weather', input: { city: 'Oslo' } }),
      { content: [{ type: 'text', text: 'Sunny' }], stream: { errorAfter: 3 } },
    ]);
    const { shop, agent } = instance({}, { maxRetries: 0 });
    let failure: (Error & { messages?: MessageParam[] }) | undefined;
    try {
      for await (const event of agent.stream('Weather in Oslo?')) void event;
    } catch (error) {
      failure = error as Error & { messages?: MessageParam[] };
    }
    expect(failure?.message).toMatch(
      platform === 'bedrock' ? /serviceUnavailableException/ : /overloaded_error/,
    );
    expect(roles(failure?.messages)).toEqual(['user', 'assistant', 'user']);
    expect(shop.log).toHaveLength(1);
  });

  it('sends the documented platform API version when the client pins it', async () => {
    await start([say('Hi.')]);
    const documented = platform === 'bedrock' ? 'bedrock-2023-05-31' : 'vertex-2023-10-16';
    const { agent } = instance({}, { defaultHeaders: { 'anthropic-version': documented } });
    await agent.run('Hello');
    expect(server!.requests[0].body.anthropic_version).toBe(documented);
  });
});
