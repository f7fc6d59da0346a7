/**
 * The guarantee matrix's worker rows (issue 43): the entry points whose tool runs in a worker
 * process on a real redis-server, a long-running tool's call (`callOpenAI` on a registry with
 * jobs) and a task-augmented MCP `tools/call` (2025-11-25 tasks, the SDK 1.x client over HTTP
 * behind a token check, on a stateless endpoint). Each cell asserts what the tool recorded in
 * Redis, from the worker, for every column of the matrix (`COLUMNS` in `matrixCells.ts`): the
 * tool's own `timeoutMs` bounds each run in the worker, and the caller's signal (the app's
 * AbortSignal, a client's `tasks/cancel`) cancels the run and aborts `ctx.signal` there.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import Redis from 'ioredis';
import type { ToolCaller } from '../calls/ToolCaller';
import { ToolJobs } from '../jobs/ToolJobs';
import { spawnWorker } from '../jobs/__fixtures__/spawnWorker';
import type { WorkerProcess } from '../jobs/__fixtures__/spawnWorker';
import { authInfoOf } from '../mcp/callerOf';
import { createMcpHttpHandler } from '../mcp/createMcpHttpHandler';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import { LOOPBACK_HOSTS } from '../mcp/httpGuards';
import type { McpApprovalHook } from '../mcp/types';
import { ToolRegistry } from '../registry/ToolRegistry';
import { describeWithServer } from '../../test/describeWithServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import {
  hasStarted,
  JobMatrixService,
  MATRIX_KEYS,
  readRuns,
} from './__fixtures__/JobMatrixService';
import { jobMatrixManifest } from './__fixtures__/jobMatrixManifest';
import { COLUMNS, PROCESS_ROWS } from './__fixtures__/matrixCells';
import type { ColumnName, ProcessRowName } from './__fixtures__/matrixCells';
import type { MatrixRun } from './__fixtures__/MatrixService';
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

/**
 * How a cell's call is made: `approve`, the app's approval hook's answer (none when undefined);
 * `cancel`, the caller cancels the call once its tool runs in the worker.
 */
interface Say {
  approve?: boolean;
  cancel?: boolean;
  /** The call's own time limit (the app's `timeoutMs`; jobs worker only). */
  timeoutMs?: number;
}

/** An MCP endpoint on its HTTP server. */
interface Endpoint {
  mcp: McpHttpHandler;
  http: Server;
  url: URL;
}

describeWithServer(redisMissing, 'the guarantee matrix, worker rows', () => {
  let redis: RedisServer;
  let store: Redis;
  let worker: WorkerProcess;
  let queue: ToolJobs;
  let registry: ToolRegistry;
  /** The endpoint without an approval hook, and the one whose hook answers `hookSays`. */
  let plain: Endpoint;
  let hooked: Endpoint;
  let hookSays = false;

  /** A stateless MCP endpoint over the registry behind a token check, with `approve` if given. */
  async function serve(approve?: McpApprovalHook): Promise<Endpoint> {
    const mcp = createMcpHttpHandler(registry, {
      name: 'matrix',
      version: '1',
      stateless: true,
      allowedHosts: LOOPBACK_HOSTS,
      ...(approve ? { approve } : {}),
    });
    // An auth layer in front, as the SDK's bearer middleware does: the caller goes on `req.auth`.
    const http = createServer((req: IncomingMessage & { auth?: unknown }, res) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const caller = callerOfToken(token);
      if (caller) req.auth = authInfoOf(caller, token);
      void mcp.handle(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
    return { mcp, http, url };
  }

  /** Closes an endpoint and its HTTP server. */
  async function close(endpoint: Endpoint | undefined): Promise<void> {
    await endpoint?.mcp.close();
    await new Promise((resolve) => endpoint?.http.close(resolve) ?? resolve(undefined));
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    store = new Redis(redis.url);
    worker = await spawnWorker(redis.url, 1000, join(__dirname, '__fixtures__', 'matrixWorker.ts'));
    queue = new ToolJobs({ connection: redis.url });
    registry = new ToolRegistry({ jobs: queue, manifest: jobMatrixManifest() }).register(
      new JobMatrixService(store),
    );
    plain = await serve();
    hooked = await serve((request) => hookAnswering(hookSays)(request));
  }, 60_000);

  beforeEach(async () => {
    await store.del(...MATRIX_KEYS);
  });

  afterAll(async () => {
    await worker?.kill();
    await close(plain);
    await close(hooked);
    await queue?.close();
    await store?.quit();
    await redis?.stop();
  });

  /** Resolves once `wait_for_signal` runs in the worker. */
  const started = () => until(() => hasStarted(store, 'wait_for_signal'), 'the tool to start');

  /**
   * A task-augmented `tools/call` by `caller`'s client, followed to the task's result;
   * `cancel`: the client cancels the task (`tasks/cancel`) once its tool runs.
   */
  async function callAsTask(
    caller: ToolCaller,
    name: string,
    input: object,
    { approve, cancel }: Say = {},
  ): Promise<Answer> {
    const client = new Client({ name: 'matrix', version: '1' });
    const headers = { Authorization: `Bearer ${caller.id!}` };
    // With a say, the endpoint whose approval hook answers it.
    if (approve !== undefined) hookSays = approve;
    const url = (approve === undefined ? plain : hooked).url;
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    try {
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      let answer: unknown;
      try {
        answer = await client.request(
          { method: 'tools/call', params: { name, arguments: input, task: { ttl: 60_000 } } },
          CreateTaskResultSchema.or(CallToolResultSchema),
        );
      } catch (error) {
        // A JSON-RPC error (invalid input is -32602 before any task): the text the client got.
        return { ok: false, text: (error as Error).message, listed };
      }
      const created = CreateTaskResultSchema.safeParse(answer);
      // Refused before any task exists: answered as a plain tools/call.
      if (!created.success) {
        const refused = CallToolResultSchema.parse(answer);
        return { ok: refused.isError !== true, text: textOf(refused.content), listed };
      }
      const taskId = created.data.task.taskId;
      const tasks = client.experimental.tasks;
      if (cancel) await started().then(() => tasks.cancelTask(taskId));
      await until(
        async () =>
          ['completed', 'failed', 'cancelled'].includes((await tasks.getTask(taskId)).status),
        'the task to end',
      );
      const result = await tasks.getTaskResult(taskId, CallToolResultSchema);
      return { ok: result.isError !== true, text: textOf(result.content), listed };
    } finally {
      await client.close();
    }
  }

  /** Drives one call, as `say` says. */
  const DRIVE: Record<
    ProcessRowName,
    (caller: ToolCaller, name: string, input: object, say?: Say) => Promise<Answer>
  > = {
    'jobs worker': async (caller, name, input, { approve, cancel, timeoutMs } = {}) => {
      // The caller's signal, aborted once the tool runs in the worker.
      const controller = new AbortController();
      if (cancel) void started().then(() => controller.abort());
      const [message] = await registry.callOpenAI(
        [
          {
            id: `c_${randomUUID()}`,
            type: 'function',
            function: { name, arguments: JSON.stringify(input) },
          },
        ],
        {
          caller,
          signal: controller.signal,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
          ...(approve === undefined ? {} : { approve: hookAnswering(approve) }),
        },
      );
      const text = String(message!.content);
      return { ok: !text.startsWith('Error:'), text };
    },
    'MCP task (SDK 1.x client)': callAsTask,
  };

  /** One cell's call, and what reached the methods (in the worker). */
  async function drive(
    row: ProcessRowName,
    caller: ToolCaller,
    name: string,
    input: object,
    say: Say = {},
  ) {
    const answer = await DRIVE[row](caller, name, input, say);
    return { ...answer, ran: await readRuns(store) };
  }

  /** What the tool recorded once it ended in the worker (after the caller got its answer). */
  async function ended(): Promise<MatrixRun[]> {
    await until(async () => (await readRuns(store)).length > 0, 'the method to end');
    return readRuns(store);
  }

  const CELLS: Record<ColumnName, (row: ProcessRowName) => Promise<void>> = {
    'invalid input refused, naming the path': async (row) => {
      const answer = await drive(row, ALICE, 'place_order', { item: 'pen', qty: 'many' });
      // Refused before a job exists: nothing reached the worker (and no task: -32602).
      expectInvalidRefused(answer);
      if (row !== 'jobs worker') expect(answer.text).toContain('-32602');
      // Refused before approval: a hook that would approve is never asked about invalid input.
      asked.length = 0;
      expectRefusedUnasked(await drive(row, ALICE, 'refund', { order: 'o1' }, { approve: true }));
    },
    'unknown tool refused': async (row) => {
      expectUnknownRefused(await drive(row, ALICE, 'launch_rockets', { when: 'now' }));
      expectUnknownRefusedNamingOnlyHis(await drive(row, BOB, 'launch_rockets', { when: 'now' }));
    },
    'scope refused': async (row) => {
      const answer = await drive(row, BOB, 'read_audit', { day: 'mon' });
      // Refused before a job exists: nothing reached the worker.
      expect(answer).toMatchObject({ ok: false, ran: [] });
      expect(answer.text).toContain('it requires the scope "audit:read"');
      if (answer.listed) expect(answer.listed).not.toContain('read_audit');
    },
    'ctx.caller is the caller': async (row) => {
      const answer = await drive(row, ALICE, 'read_audit', { day: 'mon' });
      expectRanAsAlice(answer);
      expect(answer.ran).toEqual([{ tool: 'read_audit', input: { day: 'mon' }, caller: 'alice' }]);
    },
    'result shaped to the declared schema': async (row) => {
      const answer = await drive(row, ALICE, 'summary', { id: 'o1' });
      expect(answer).toMatchObject({ ran: [{ tool: 'summary', caller: 'alice' }] });
      // Shaped in the worker: the undeclared field never reaches the app or the client.
      expectShaped(answer);
    },
    'approval asked or refused': async (row) => {
      // Without a hook, refused before any job.
      const refused = await drive(row, ALICE, 'refund', { orderId: 'o1' });
      expect(refused).toMatchObject({ ok: false, ran: [] });
      expect(refused.text).toMatch(/approv/i);
      // The app's hook (callOpenAI's `approve`, the MCP endpoint's): declined, then approved.
      asked.length = 0;
      const declined = await drive(row, ALICE, 'refund', { orderId: 'o1' }, { approve: false });
      expect(declined).toMatchObject({ ok: false, ran: [] });
      expect(declined.text).toMatch(/denied|not approved|declined/i);
      const approved = await drive(row, ALICE, 'refund', { orderId: 'o1' }, { approve: true });
      expect(approved).toMatchObject({ ok: true, ran: [{ tool: 'refund', caller: 'alice' }] });
      expect(approved.text).toContain('refunded o1');
      // The hook is asked before any job exists, with the checked input.
      expect(asked).toEqual([
        { name: 'refund', input: { orderId: 'o1' } },
        { name: 'refund', input: { orderId: 'o1' } },
      ]);
    },
    "the tool's timeoutMs bounds the wait": async (row) => {
      const answer = await drive(row, ALICE, 'slow_report', { month: 'may' });
      // The direct path's text (the app's wait, or the run in the worker, ended at the limit).
      expect(answer.ok).toBe(false);
      expect(answer.text).toContain('Tool "slow_report" timed out after 500 ms');
      // The method, in the worker, saw its signal abort.
      expect(await ended()).toEqual([
        { tool: 'slow_report', input: { month: 'may', aborted: true }, caller: 'alice' },
      ]);
      if (row !== 'jobs worker') return;
      // The call's own limit, longer than the tool's, bounds the run in the worker too, as it
      // bounds a run in process.
      await store.del(...MATRIX_KEYS);
      const longer = await drive(row, ALICE, 'slow_report', { month: 'june' }, { timeoutMs: 1500 });
      expect(longer.text).toContain('Tool "slow_report" timed out after 1500 ms');
      expect(await ended()).toEqual([
        { tool: 'slow_report', input: { month: 'june', aborted: true }, caller: 'alice' },
      ]);
    },
    "the caller's signal bounds the wait": async (row) => {
      // The app's AbortSignal (jobs worker), tasks/cancel (an MCP task), once the tool runs.
      const answer = await drive(row, ALICE, 'wait_for_signal', { label: 'x' }, { cancel: true });
      expect(answer.ok).toBe(false);
      expect(answer.text).toContain('Tool "wait_for_signal" was aborted before it finished');
      expect(await ended()).toEqual([
        { tool: 'wait_for_signal', input: { label: 'x', aborted: true }, caller: 'alice' },
      ]);
    },
    'an error leaks no stack': async (row) => {
      const answer = await drive(row, ALICE, 'lookup_customer', { id: 'c1' });
      // The method ran (once per attempt: the queue retries a crash).
      expect(answer.ok).toBe(false);
      expect(answer.ran.length).toBeGreaterThan(0);
      expect(answer.ran.every((run) => run.tool === 'lookup_customer')).toBe(true);
      // The message only, though it was thrown in another process.
      expectNoStack(answer, 'JobMatrixService');
    },
  };

  describe.each(PROCESS_ROWS.map((row) => [row]))('%s', (row) => {
    for (const column of COLUMNS) it(column, () => CELLS[column](row), 60_000);
  });
});
