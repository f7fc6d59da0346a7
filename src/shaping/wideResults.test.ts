/**
 * A result wider than its declared type never reaches the model or the client: a row's
 * `internal_cost`, an entity's `private secret` and its `@Exclude()` hash are dropped on every
 * real path (the agent against the scripted server, the MCP SDK 1.x and 2.x clients over HTTP
 * and the 1.x client in memory, `callOpenAI`, LangChain with its own fake model), and the
 * developer is told once per tool which fields were dropped, never their values.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { ToolAgent } from '../agent/ToolAgent';
import { startScriptedServer } from '../testing/startScriptedServer';
import { createMcpServer } from '../mcp/createMcpServer';
import { startMcpHttpServer } from '../mcp-dual/startMcpHttpServer';
import { connectClient } from '../mcp-dual/__fixtures__/dualClients';
import { toLangChainTools } from '../langchain/toLangChainTools';
import { createWideRegistry, wideManifest } from './__fixtures__/wideRegistry';
import { ToolJobs } from '../jobs/ToolJobs';
import { startToolWorker } from '../jobs/startToolWorker';
import { describeWithServer } from '../../test/describeWithServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';

const OWNER = { id: 'u1', name: 'Ada' };
const EXPECTED: Record<string, unknown> = {
  summary: { id: 'o1', total: 42 },
  account: OWNER,
  page: {
    items: [
      { id: 'a', total: 1 },
      { id: 'b', total: 2 },
    ],
    owner: OWNER,
  },
};
const ARGS: Record<string, Record<string, unknown>> = {
  summary: { id: 'o1' },
  account: { id: 'u1' },
  page: {},
};
const TOOLS = Object.keys(EXPECTED);

/** Fails naming what leaked, if any undeclared field or value is in `text`. */
function expectNoLeak(text: string): void {
  for (const leak of ['internal_cost', 'secret', 'sk-live', 'passwordHash', 'hash-of'])
    expect(text).not.toContain(leak);
}

describe('results are shaped to the declared output', () => {
  it('advertises no @Exclude() or private field in the output schema codegen writes', () => {
    const account = wideManifest().tools.find((tool) => tool.name === 'account');
    expect(account?.outputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      required: ['id', 'name'],
      additionalProperties: false,
      description: 'An account as the database hands it back.',
    });
  });

  it('the agent sends the model only the declared fields (scripted Messages API server)', async () => {
    const server = await startScriptedServer({
      turns: [
        {
          content: TOOLS.map((name, i) => ({
            type: 'tool_use' as const,
            id: `t${i}`,
            name,
            input: ARGS[name]!,
          })),
        },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
      const agent = new ToolAgent({ client, registry: createWideRegistry(), model: 'claude-test' });
      await agent.run('Summarise');
      const answered = server.requests[1]!.body.messages![2] as { content: unknown[] };
      const results = answered.content as { tool_use_id: string; content: string }[];
      expect(results.map((r) => JSON.parse(r.content) as unknown)).toEqual(
        TOOLS.map((name) => EXPECTED[name]),
      );
      expectNoLeak(JSON.stringify(server.requests[1]!.body));
    } finally {
      await server.close();
    }
  });

  describe.each(['v1', 'v2-default'] as const)('the MCP %s client over HTTP', (kind) => {
    it('gets structuredContent that matches the schema, and no undeclared field', async () => {
      const server = await startMcpHttpServer(createWideRegistry(), { name: 'w', version: '1' });
      const client = await connectClient(kind, new URL(server.url));
      try {
        for (const name of TOOLS) {
          const result = await client.call(name, ARGS[name]!);
          expect(result.isError).toBeFalsy();
          expect(result.structuredContent).toEqual(EXPECTED[name]);
          expectNoLeak(JSON.stringify(result));
        }
      } finally {
        await client.close();
        await server.close();
      }
    });
  });

  it('the MCP SDK 1.x client in memory (toolwright/mcp) validates every result', async () => {
    const server = createMcpServer(createWideRegistry(), { name: 'w', version: '1' });
    const client = new Client({ name: 'test', version: '1' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      for (const name of TOOLS) {
        const result = await client.callTool({ name, arguments: ARGS[name] });
        expect(result.structuredContent).toEqual(EXPECTED[name]);
        expectNoLeak(JSON.stringify(result));
      }
    } finally {
      await client.close();
    }
  });

  it('callOpenAI answers the declared fields only', async () => {
    const messages = await createWideRegistry().callOpenAI(
      TOOLS.map((name, i) => ({
        id: `c${i}`,
        type: 'function' as const,
        function: { name, arguments: JSON.stringify(ARGS[name]) },
      })),
    );
    expect(messages.map((m) => JSON.parse(String(m.content)) as unknown)).toEqual(
      TOOLS.map((name) => EXPECTED[name]),
    );
  });

  it("LangChain's fake model gets tool messages with the declared fields only", async () => {
    const tools = toLangChainTools(createWideRegistry());
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    const model = fakeModel()
      .respondWithTools(TOOLS.map((name, i) => ({ name, args: ARGS[name]!, id: `l${i}` })))
      .respond(new AIMessage('Done.'));
    const bound = model.bindTools(tools);
    const messages: BaseMessage[] = [new HumanMessage('Summarise')];
    const reply = await bound.invoke(messages);
    for (const call of reply.tool_calls ?? []) messages.push(await byName[call.name]!.invoke(call));
    const answers = messages.slice(1).map((m) => JSON.parse(String(m.content)) as unknown);
    expect(answers).toEqual(TOOLS.map((name) => EXPECTED[name]));
  });

  it('warns once per tool through the logger, naming the dropped fields and no value', async () => {
    const warnings: string[] = [];
    const registry = createWideRegistry({ logger: { warn: (m) => void warnings.push(m) } });
    for (const name of [...TOOLS, ...TOOLS]) await registry.call(name, ARGS[name]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain(
      '"summary" returned fields its output type does not declare (internal_cost)',
    );
    expect(warnings[1]).toContain(
      '"account" returned fields its output type does not declare (secret)',
    );
    expect(warnings[2]).toContain(
      '"page" returned fields its output type does not declare (items[].internal_cost, owner.secret)',
    );
    expect(warnings.join('\n')).not.toMatch(/17|sk-live|hash-of/);
  });

  it('warns through process.emitWarning when no logger is configured', async () => {
    const emitted: string[] = [];
    const spy = jest
      .spyOn(process, 'emitWarning')
      .mockImplementation((warning: string | Error) => void emitted.push(String(warning)));
    try {
      const registry = createWideRegistry();
      await registry.call('summary', ARGS.summary);
      await registry.call('summary', ARGS.summary);
    } finally {
      spy.mockRestore();
    }
    expect(emitted).toEqual([expect.stringContaining('"summary" returned fields')]);
  });
});

describeWithServer(redisMissing, 'a durable job run by a worker on redis-server', () => {
  let redis: RedisServer;
  let jobs: ToolJobs;

  beforeAll(async () => {
    redis = await startRedisServer();
    jobs = new ToolJobs({ connection: redis.url });
  }, 30_000);
  afterAll(async () => {
    await jobs?.close();
    await redis?.stop();
  });

  it('answers with the shaped result the worker produced', async () => {
    const worker = await startToolWorker(createWideRegistry(), { connection: redis.url });
    try {
      const outcome = await createWideRegistry({ jobs }).call('export_summary', { id: 'e1' });
      expect(outcome).toEqual({ content: JSON.stringify({ id: 'e1', total: 7 }), isError: false });
    } finally {
      await worker.close();
    }
  });
});
