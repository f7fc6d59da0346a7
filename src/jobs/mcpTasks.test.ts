/**
 * MCP tasks on durable jobs (issue 23): the official MCP client calls a long-running tool as a
 * task (task-augmented `tools/call`) on a stateless Streamable HTTP instance; a worker in
 * another process runs it; the other instance of a stateless pair answers `tasks/get`,
 * `tasks/result` and `tasks/list` for it, and `tasks/cancel` there stops the job where it runs.
 * A real redis-server, BullMQ, and the MCP SDK's own client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import Redis from 'ioredis';
import { startMcpHttpServer } from '../mcp/startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import type { TaskJobDispatcher } from '../calls/ToolJobDispatcher';
import { ToolRegistry } from '../registry/ToolRegistry';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import { readLog, ReportService } from './__fixtures__/ReportService';
import { spawnWorker } from './__fixtures__/spawnWorker';
import type { WorkerProcess } from './__fixtures__/spawnWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(
  redisMissing,
  'MCP tasks on durable jobs (stateless pair, worker in another process)',
  () => {
    let redis: RedisServer;
    let store: Redis;
    let worker: WorkerProcess;
    const jobs: ToolJobs[] = [];
    const servers: RunningMcpHttpServer[] = [];
    const clients: Client[] = [];

    /** One stateless instance: its own registry and queue connection, no worker. */
    async function instance(): Promise<RunningMcpHttpServer> {
      const queue = new ToolJobs({ connection: redis.url });
      jobs.push(queue);
      // ToolJobs declares no `implements TaskJobDispatcher` (that interface is unpublished, and
      // its members on ToolJobs are @internal): this assignment is what checks it still is one.
      const dispatcher: TaskJobDispatcher = queue;
      const registry = new ToolRegistry({ jobs: dispatcher }).register(new ReportService(store));
      const server = await startMcpHttpServer(registry, {
        name: 'reports',
        version: '1',
        stateless: true,
      });
      servers.push(server);
      return server;
    }

    async function clientOf(server: RunningMcpHttpServer): Promise<Client> {
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      clients.push(client);
      return client;
    }

    /** Starts `export_orders` as a task and answers its id at once. */
    async function startExport(client: Client, month: string): Promise<string> {
      const created = await client.request(
        {
          method: 'tools/call',
          params: { name: 'export_orders', arguments: { month }, task: { ttl: 60_000 } },
        },
        CreateTaskResultSchema,
      );
      return created.task.taskId;
    }

    let first: RunningMcpHttpServer;
    let second: RunningMcpHttpServer;

    beforeAll(async () => {
      redis = await startRedisServer();
      store = new Redis(redis.url);
      worker = await spawnWorker(redis.url);
      first = await instance();
      second = await instance();
    }, 60_000);

    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
    });

    afterAll(async () => {
      await worker?.kill();
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(jobs.map((queue) => queue.close()));
      await store?.quit();
      await redis?.stop();
    });

    it('lists the long-running tool as task-capable, and runs a task-augmented call on the worker', async () => {
      const client = await clientOf(first);
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'export_orders')?.execution).toEqual({
        taskSupport: 'optional',
      });
      expect(tools.find((tool) => tool.name === 'count_orders')?.execution).toBeUndefined();

      await store.set('gate:2026-05', 'open');
      const messages: { type: string; [key: string]: unknown }[] = [];
      for await (const message of client.experimental.tasks.callToolStream({
        name: 'export_orders',
        arguments: { month: '2026-05' },
      }))
        messages.push(message as unknown as (typeof messages)[number]);

      expect(messages[0]!.type).toBe('taskCreated');
      expect(messages.at(-1)).toMatchObject({
        type: 'result',
        result: {
          content: [
            { type: 'text', text: 'Exported the orders of 2026-05 to exports/2026-05.csv' },
          ],
          isError: false,
        },
      });
      const log = await readLog(store);
      expect(log.map((line) => [line.event, line.pid])).toEqual([
        ['started', worker.pid],
        ['exported', worker.pid],
      ]);
    }, 60_000);

    it('answers tasks/get, tasks/result and tasks/list on the other instance', async () => {
      const creator = await clientOf(first);
      const other = await clientOf(second);
      const taskId = await startExport(creator, '2026-04');
      await until(async () => (await readLog(store)).some((l) => l.key === taskId), 'the job');

      const running = await other.experimental.tasks.getTask(taskId);
      expect(running).toMatchObject({ taskId, status: 'working', ttl: 60_000 });
      const listed = await other.experimental.tasks.listTasks();
      expect(listed.tasks.map((task) => task.taskId)).toContain(taskId);

      await store.set('gate:2026-04', 'open');
      await until(
        async () => (await other.experimental.tasks.getTask(taskId)).status === 'completed',
        'the task to complete',
      );
      const result = await other.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
      expect(result).toMatchObject({
        content: [{ type: 'text', text: 'Exported the orders of 2026-04 to exports/2026-04.csv' }],
        isError: false,
      });
    }, 60_000);

    it('stops the running job on tasks/cancel, sent to the other instance', async () => {
      const creator = await clientOf(first);
      const other = await clientOf(second);
      const taskId = await startExport(creator, '2026-03');
      await until(async () => (await readLog(store)).some((l) => l.key === taskId), 'the job');

      const cancelled = await other.experimental.tasks.cancelTask(taskId);
      expect(cancelled.status).toBe('cancelled');
      await until(
        async () => (await readLog(store)).some((l) => l.key === taskId && l.event === 'aborted'),
        'the worker to stop the tool',
      );
      // Once the queue failed the job for good, no worker runs it again: the gate opens on nothing.
      await until(
        async () =>
          (await store.hget(`toolwright:toolwright-tools:${taskId}`, 'finishedOn')) !== null,
        'the queue to fail the cancelled job',
      );
      await store.set('gate:2026-03', 'open');
      expect((await readLog(store)).filter((l) => l.key === taskId).map((l) => l.event)).toEqual([
        'started',
        'aborted',
      ]);
      expect((await creator.experimental.tasks.getTask(taskId)).status).toBe('cancelled');
    }, 60_000);

    it('refuses a task for a tool that is not long-running or unknown (naming it), and invalid input, before any job', async () => {
      const client = await clientOf(first);
      await expect(
        client.request(
          {
            method: 'tools/call',
            params: { name: 'count_orders', arguments: { month: '2026-02' }, task: {} },
          },
          CreateTaskResultSchema,
        ),
      ).rejects.toMatchObject({ code: -32601, message: expect.stringContaining('"count_orders"') });
      await expect(
        client.request(
          {
            method: 'tools/call',
            params: { name: 'export_order', arguments: { month: '2026-02' }, task: {} },
          },
          CreateTaskResultSchema,
        ),
      ).rejects.toMatchObject({
        code: -32601,
        message: expect.stringContaining('Unknown tool "export_order"'),
      });
      await expect(
        client.request(
          {
            method: 'tools/call',
            params: { name: 'export_orders', arguments: { month: 2 }, task: {} },
          },
          CreateTaskResultSchema,
        ),
      ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('month') });
      const { tasks } = await client.experimental.tasks.listTasks();
      expect(tasks.filter((task) => task.status === 'working')).toEqual([]);
    }, 60_000);

    it('pages tasks/list with the same opaque cursor as tools/list, refusing any other', async () => {
      const client = await clientOf(second);
      await expect(client.experimental.tasks.listTasks('100')).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid cursor'),
      });
      await expect(
        client.experimental.tasks.getTaskResult('task-nope', CallToolResultSchema),
      ).rejects.toMatchObject({
        code: -32602,
      });
    });

    it('still answers an ordinary tools/call of the long-running tool, through its job', async () => {
      const client = await clientOf(second);
      await store.set('gate:2026-01', 'open');
      const result = await client.callTool({
        name: 'export_orders',
        arguments: { month: '2026-01' },
      });
      expect(result).toMatchObject({
        content: [{ type: 'text', text: 'Exported the orders of 2026-01 to exports/2026-01.csv' }],
        isError: false,
      });
      expect((await readLog(store)).filter((l) => l.event === 'exported').at(-1)?.pid).toBe(
        worker.pid,
      );
    }, 60_000);
  },
);
