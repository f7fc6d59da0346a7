/**
 * A second instance of the service, in its own process: resumes a paused run from the shared
 * Redis store and approves its refund, whose tool hangs after the refund is made, until the
 * test kills this process with SIGKILL.
 * Arguments: redis URL, scripted API URL, run id, ledger file, lease in ms.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { ToolAgent } from '../../agent/ToolAgent';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { RedisApprovalStore } from '../RedisApprovalStore';
import { LedgerService } from './LedgerService';

const [redisUrl, apiUrl, runId, ledger, leaseMs] = process.argv.slice(2) as string[];
const redis = new Redis(redisUrl!);
const agent = new ToolAgent({
  client: new Anthropic({ apiKey: 'test', baseURL: apiUrl, maxRetries: 0 }),
  registry: new ToolRegistry().register(new LedgerService(ledger!, true)),
  model: 'claude-test',
  approvals: 'pause',
  approvalStore: new RedisApprovalStore({ client: redis }),
  approvalLeaseMs: Number(leaseMs),
});
void agent.resume(runId!, { r1: true });
