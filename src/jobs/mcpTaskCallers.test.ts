/**
 * MCP tasks and who called them (issue 43, item 1): on a stateless endpoint behind an auth
 * layer, a task-augmented `tools/call` runs in the worker as its caller (`ctx.caller`, as a
 * plain `tools/call` would). A real redis-server, a worker process and the MCP SDK's own client.
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
import { ReportService } from './__fixtures__/ReportService';
import { spawnWorker } from './__fixtures__/spawnWorker';
import type { WorkerProcess } from './__fixtures__/spawnWorker';
import { ToolJobs } from './ToolJobs';

/** The callers the auth layer in front knows, by bearer token. */
const TOKENS: Record<string, ToolCaller> = {
  'token-ada': { id: 'ada', scopes: ['reports'], roles: ['analyst'], claims: { tenant: 't1' } },
  'token-bob': { id: 'bob', scopes: [], roles: [] },
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
    });
    // An auth layer in front, as the SDK's bearer middleware does: the caller goes on `req.auth`.
    http = createServer((req: IncomingMessage & { auth?: unknown }, res) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (token && TOKENS[token]) req.auth = authInfoOf(TOKENS[token], token);
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
      { method: 'tools/call', params: { name, arguments: { month }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    return created.task.taskId;
  }

  it('runs a task in the worker as the caller of the request, as a plain call runs', async () => {
    const ada = await clientWith('token-ada');
    const plain = await ada.callTool({ name: 'who_asked', arguments: { month: '2026-06' } });
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
});
