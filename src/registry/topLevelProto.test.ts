/**
 * A top-level `"__proto__"` key, as JSON text carries it (`JSON.parse` makes it an own
 * property), is refused like a nested one, with the same message, at every entry a user can
 * reach: the registry, the agent loop (run, stream, manual), the SDK's tool runner, MCP
 * tools/call over HTTP (SDK client and raw JSON-RPC text), OpenAI tool calls and the XML format.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { say, startHarness, use } from '../agent/__fixtures__/harness';
import type { Harness } from '../agent/__fixtures__/harness';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { ToolAgent } from '../agent/ToolAgent';
import { startMcpHttpServer } from '../mcp/startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { ToolRegistry } from './ToolRegistry';

/** The JSON text a raw client sends: the top-level `__proto__` is a key like any other. */
const TOP = '{"__proto__":{"polluted":true},"city":"Oslo"}';
/** The same key one level down. */
const NESTED = '{"city":"Oslo","at":{"__proto__":{"polluted":true}}}';

const refusal = (path: string): string =>
  `Invalid input for tool "get_weather":\n${path}: the key "__proto__" is not allowed`;

let shop: ShopService;
let cleanup: Array<() => Promise<unknown>> = [];
beforeEach(() => (shop = new ShopService()));
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  // No call reached the method.
  expect(shop.log).toEqual([]);
});

describe('a top-level "__proto__" key is refused like a nested one', () => {
  it('JSON.parse keeps it as an own key: the premise of every case below', () => {
    expect(Object.keys(JSON.parse(TOP))).toEqual(['__proto__', 'city']);
  });

  it('registry.check and registry.call, with the parsed object or the JSON text', async () => {
    const registry = new ToolRegistry().register(shop);
    for (const input of [JSON.parse(TOP), TOP]) {
      expect(await registry.check('get_weather', input)).toEqual({
        ok: false,
        error: refusal('__proto__'),
      });
      expect(await registry.call('get_weather', input)).toEqual({
        content: refusal('__proto__'),
        isError: true,
      });
    }
    expect(await registry.call('get_weather', JSON.parse(NESTED))).toEqual({
      content: refusal('at.__proto__'),
      isError: true,
    });
  });

  describe('the agent loop, tool_use input sent as raw JSON text over real HTTP', () => {
    let h: Harness;
    const start = async () => {
      h = await startHarness([
        use({ id: 't1', name: 'get_weather', inputJson: TOP }),
        say('Sorry.'),
      ]);
      shop = h.shop;
      cleanup.push(() => h.server.close());
    };
    const answerOf = (index: number) =>
      (h.server.requests[index].body.messages?.[2] as { content: unknown[] }).content;

    it('run()', async () => {
      await start();
      expect((await h.agent.run('Weather?')).finalText).toBe('Sorry.');
      expect(answerOf(1)).toEqual([
        { type: 'tool_result', tool_use_id: 't1', content: refusal('__proto__'), is_error: true },
      ]);
    });

    it('stream()', async () => {
      await start();
      const results = [];
      for await (const event of h.agent.stream('Weather?')) {
        if (event.type === 'tool_result') results.push(event);
      }
      expect(results).toMatchObject([{ id: 't1', isError: true, content: refusal('__proto__') }]);
    });

    it('step() and resolve()', async () => {
      await start();
      const step = await h.agent.step([{ role: 'user', content: 'Weather?' }]);
      expect(step.calls).toEqual([]);
      expect(step.invalidCalls).toMatchObject([{ id: 't1', error: refusal('__proto__') }]);
      expect((await h.agent.resolve(step)).content).toEqual([
        { type: 'tool_result', tool_use_id: 't1', content: refusal('__proto__'), is_error: true },
      ]);
    });
  });

  it.each([false, true])(
    "the SDK's toolRunner with toRunnableTools() (stream: %s)",
    async (stream) => {
      const server: ScriptedServer = await startScriptedServer({
        turns: [use({ id: 't1', name: 'get_weather', inputJson: TOP }), say('Sorry.')],
      });
      cleanup.push(() => server.close());
      const registry = new ToolRegistry().register(shop);
      const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
      await client.beta.messages
        .toolRunner({
          model: 'claude-test',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'Weather?' }],
          tools: registry.toRunnableTools(),
          stream,
          // The whole history each turn, as the scripted server checks it.
          thread: false,
        })
        .runUntilDone();
      expect((server.requests[1].body.messages?.[2] as { content: unknown[] }).content).toEqual([
        { type: 'tool_result', tool_use_id: 't1', content: refusal('__proto__'), is_error: true },
      ]);
    },
  );

  describe('MCP tools/call over Streamable HTTP', () => {
    let server: RunningMcpHttpServer;
    beforeEach(async () => {
      server = await startMcpHttpServer(new ToolRegistry().register(shop), {
        name: 'shop',
        version: '1.0.0',
      });
      cleanup.push(() => server.close());
    });

    it('from the SDK client, arguments parsed from JSON text', async () => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      cleanup.push(() => client.close());
      for (const [json, path] of [
        [TOP, '__proto__'],
        [NESTED, 'at.__proto__'],
      ]) {
        const result = await client.callTool({ name: 'get_weather', arguments: JSON.parse(json) });
        expect(result).toEqual({ content: [{ type: 'text', text: refusal(path) }], isError: true });
      }
    });

    it('as raw JSON-RPC text', async () => {
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      };
      const post = async (body: string, extra: Record<string, string> = {}) => {
        const response = await fetch(server.url, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body,
        });
        return { response, text: await response.text() };
      };
      const init = await post(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
      );
      const session = {
        'Mcp-Session-Id': init.response.headers.get('mcp-session-id') ?? '',
        'Mcp-Protocol-Version': '2025-06-18',
      };
      await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', session);
      const { text } = await post(
        `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","arguments":${TOP}}}`,
        session,
      );
      const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
      expect(JSON.parse(data)).toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: refusal('__proto__') }], isError: true },
      });
    });
  });

  it('OpenAI tool calls, whose arguments are JSON text', async () => {
    const registry = new ToolRegistry().register(shop);
    const messages = await registry.callOpenAI([
      { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: TOP } },
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(messages[0].content).toContain(refusal('__proto__'));
  });

  it('the legacy XML format, a <__proto__> parameter', async () => {
    const server = await startScriptedServer({
      turns: [
        {
          content: [
            {
              type: 'text',
              text: '<function_calls>\n<invoke>\n<tool_name>get_weather</tool_name>\n<parameters>\n<__proto__>{"polluted": true}</__proto__>\n<city>Oslo</city>\n</parameters>\n</invoke>\n',
            },
          ],
          stop_reason: 'stop_sequence',
          stop_sequence: '</function_calls>',
        },
        { content: [{ type: 'text', text: '<answer>Sorry.</answer>' }] },
      ],
    });
    cleanup.push(() => server.close());
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const registry = new ToolRegistry().register(shop);
    const agent = new ToolAgent({ client, registry, model: 'claude-test', format: 'xml' });
    expect((await agent.run('Weather?')).answer).toBe('Sorry.');
    const sent = JSON.stringify(server.requests[1].body.messages?.[2]);
    expect(sent).toContain('__proto__: the key \\"__proto__\\" is not allowed');
  });
});
