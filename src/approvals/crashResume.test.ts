/**
 * Effectively-once approvals (issue 19): a supervisor approves a refund, the instance resuming
 * the run is killed (SIGKILL) after the refund was made and before its outcome was stored. The
 * run is not lost: once the dead resumer's lease expires, another instance resumes it, the
 * approved call runs again with the same idempotency key, the tool sees the refund was made,
 * and the run completes once. Separate processes, a real redis-server, the real SDK client.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import { ApprovalNotFoundError } from '../errors/ApprovalNotFoundError';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import { LedgerService, readLedger } from './__fixtures__/LedgerService';
import { RedisApprovalStore } from './RedisApprovalStore';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');
const LEASE_MS = 600;

describeWithServer(redisMissing, 'a resumer killed mid-tool (SIGKILL)', () => {
  let redis: RedisServer;
  let client: Redis;
  let server: ScriptedServer;
  let dir: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    dir = mkdtempSync(join(tmpdir(), 'toolwright-crash-'));
  });

  afterAll(async () => {
    await client?.quit();
    await server?.close();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const agentOf = (ledger: string) =>
    new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }),
      registry: new ToolRegistry().register(new LedgerService(ledger)),
      model: 'claude-test',
      approvals: 'pause',
      approvalStore: new RedisApprovalStore({ client }),
      approvalLeaseMs: LEASE_MS,
    });

  it('loses nothing: the run is resumed again after the lease and completes once', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'r1', name: 'refund', input: { orderId: 'o-7', amount: 900 } },
          ],
        },
        say('Refunded 900 on o-7.'),
      ],
    });
    const ledger = join(dir, 'ledger.jsonl');
    const paused = await agentOf(ledger).run('Refund o-7');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');

    const child = spawn(
      process.execPath,
      [
        ...FROM_SOURCE,
        join(__dirname, '__fixtures__', 'resumeInChild.ts'),
        redis.url,
        server.url,
        paused.runId,
        ledger,
        String(LEASE_MS),
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await until(() => readLedger(ledger).some((l) => l.event === 'refunded'), 'the refund');
    child.kill('SIGKILL');
    await exited;

    // The run is still stored, leased by the dead process: no one else takes it meanwhile.
    const survivor = agentOf(ledger);
    await expect(survivor.resume(paused.runId, { r1: true })).rejects.toThrow(
      ApprovalNotFoundError,
    );
    let result: Awaited<ReturnType<ToolAgent['resume']>> | undefined;
    await until(async () => {
      try {
        result = await survivor.resume(paused.runId, { r1: true });
        return true;
      } catch (error) {
        if (error instanceof ApprovalNotFoundError) return false;
        throw error;
      }
    }, 'the lease to expire');

    expect(result).toMatchObject({ status: 'completed', finalText: 'Refunded 900 on o-7.' });
    const lines = readLedger(ledger);
    expect(lines.filter((l) => l.event === 'refunded')).toHaveLength(1);
    expect(lines.map((l) => [l.event, l.key])).toEqual([
      ['started', `${paused.runId}:r1`],
      ['refunded', `${paused.runId}:r1`],
      ['started', `${paused.runId}:r1`],
      ['deduplicated', `${paused.runId}:r1`],
    ]);
    expect(JSON.stringify(server.requests[1].body.messages)).toContain('already made');
    // Done: neither the run nor its state can be resumed again.
    await expect(survivor.resume(paused.runId, { r1: true })).rejects.toThrow(
      ApprovalNotFoundError,
    );
    await expect(survivor.resume(paused.state, { r1: true })).rejects.toThrow(
      ApprovalNotFoundError,
    );
  });
});
