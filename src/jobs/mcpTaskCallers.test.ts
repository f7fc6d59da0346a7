/**
 * MCP tasks and who called them (issue 43, items 1 and 2): on a stateless endpoint behind an
 * auth layer, a task-augmented `tools/call` runs in the worker as its caller (`ctx.caller`, as a
 * plain `tools/call` would), and a task is bound to that caller: another authenticated caller,
 * or an anonymous one, cannot list, get, read or cancel it (answered as an unknown task), while
 * its owner still can; a caller that cannot be bound (neither id nor token) is warned about,
 * once. A real redis-server, a worker process and the MCP SDK's own client.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import Redis from 'ioredis';
import type { ToolCaller } from '../calls/ToolCaller';
import { authInfoOf } from '../mcp/callerOf';
import { createMcpHttpHandler } from '../mcp/createMcpHttpHandler';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import { LOOPBACK_HOSTS } from '../mcp/httpGuards';
import { ToolRegistry } from '../registry/ToolRegistry';
import { describeWithServer } from '../../test/describeWithServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import { readLog, ReportService } from './__fixtures__/ReportService';
import { spawnWorker } from './__fixtures__/spawnWorker';
import type { WorkerProcess } from './__fixtures__/spawnWorker';
import { ToolJobs } from './ToolJobs';

/** The callers the auth layer in front knows, by bearer token. */
const TOKENS: Record<string, ToolCaller> = {
  'token-ada': {
    id: 'ada',
    scopes: ['reports'],
    roles: ['analyst'],
    claims: { tenant: 't1' },
  },
  'token-bob': { id: 'bob', scopes: [], roles: [] },
};

/** API keys a guard maps to scopes alone: a caller with neither an id nor a token. */
const API_KEYS: Record<string, ToolCaller> = {
  'key-reports': { scopes: ['reports'], roles: [] },
};

describeWithServer(redisMissing, 'MCP tasks and their callers (stateless endpoint)', () => {
  let redis: RedisServer;
  let store: Redis;
  let worker: WorkerProcess;
  let queue: ToolJobs;
  let mcp: McpHttpHandler;
  let http: Server;
  let url: URL;
  const clients: Client[] = [];
  /** What the endpoint's logger was told. */
  const warnings: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    store = new Redis(redis.url);
    worker = await spawnWorker(redis.url);
    queue = new ToolJobs({ connection: redis.url });
    const registry = new ToolRegistry({ jobs: queue }).register(new ReportService(store));
    mcp = createMcpHttpHandler(registry, {
      name: 'reports',
      version: '1',
      stateless: true,
      allowedHosts: LOOPBACK_HOSTS,
      logger: { warn: (message) => void warnings.push(message) },
    });
    // An auth layer in front, as the SDK's bearer middleware does: the caller goes on `req.auth`.
    http = createServer((req: IncomingMessage & { auth?: unknown }, res) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (token && TOKENS[token]) req.auth = authInfoOf(TOKENS[token], token);
      if (token && API_KEYS[token]) req.auth = authInfoOf(API_KEYS[token]);
      void mcp.handle(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await worker?.kill();
    await mcp?.close();
    await new Promise((resolve) => http?.close(resolve));
    await queue?.close();
    await store?.quit();
    await redis?.stop();
  });

  async function clientWith(token?: string): Promise<Client> {
    const client = new Client({ name: 'test', version: '1' });
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  async function startTask(client: Client, name: string, month: string): Promise<string> {
    const created = await client.request(
      {
        method: 'tools/call',
        params: { name, arguments: { month }, task: { ttl: 60_000 } },
      },
      CreateTaskResultSchema,
    );
    return created.task.taskId;
  }

  it('runs a task in the worker as the caller of the request, as a plain call runs', async () => {
    const ada = await clientWith('token-ada');
    const plain = await ada.callTool({
      name: 'who_asked',
      arguments: { month: '2026-06' },
    });
    const expected = '2026-06: ada [reports] {"tenant":"t1"}';
    expect(plain.content).toEqual([{ type: 'text', text: expected }]);

    const taskId = await startTask(ada, 'who_asked', '2026-06');
    await until(
      async () => (await ada.experimental.tasks.getTask(taskId)).status === 'completed',
      'the task to complete',
    );
    const result = await ada.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.content).toEqual([{ type: 'text', text: expected }]);
  }, 60_000);

  it("refuses another caller's tasks/list, get, result and cancel as an unknown task", async () => {
    const ada = await clientWith('token-ada');
    const taskId = await startTask(ada, 'export_orders', '2026-07');
    await until(async () => (await readLog(store)).some((l) => l.key === taskId), 'the job');

    for (const other of [await clientWith('token-bob'), await clientWith()]) {
      const listed = await other.experimental.tasks.listTasks();
      expect(listed.tasks.map((task) => task.taskId)).not.toContain(taskId);
      const notFound = {
        code: -32602,
        message: expect.stringContaining('not found'),
      };
      await expect(other.experimental.tasks.getTask(taskId)).rejects.toMatchObject(notFound);
      await expect(
        other.experimental.tasks.getTaskResult(taskId, CallToolResultSchema),
      ).rejects.toMatchObject(notFound);
      await expect(other.experimental.tasks.cancelTask(taskId)).rejects.toMatchObject(notFound);
    }

    // Nothing the others did reached the job: it still runs, and its owner sees and ends it.
    expect((await ada.experimental.tasks.getTask(taskId)).status).toBe('working');
    const own = await ada.experimental.tasks.listTasks();
    expect(own.tasks.map((task) => task.taskId)).toContain(taskId);
    // tasks/result asked while the task runs answers once it finished.
    const pending = ada.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    await store.set('gate:2026-07', 'open');
    const result = await pending;
    expect((await ada.experimental.tasks.getTask(taskId)).status).toBe('completed');
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Exported the orders of 2026-07 to exports/2026-07.csv',
      },
    ]);
  }, 60_000);

  it('warns once when a caller with neither an id nor a token makes tasks that cannot be bound', async () => {
    expect(warnings).toEqual([]);
    const keyed = await clientWith('key-reports');
    await keyed.listTools();
    await keyed.experimental.tasks.listTasks();
    expect(warnings).toEqual([
      'toolwright/mcp: an authenticated caller with neither an id nor a token called this stateless endpoint, so the MCP tasks it makes cannot be bound to it: any client without a caller can read and cancel them. Give the caller an id (ToolCaller.id, or the AuthInfo clientId).',
    ]);
  });
});
