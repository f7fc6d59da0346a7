/**
 * MCP server CPU per call over Streamable HTTP: each server (toolwright's and a bare SDK
 * `McpServer`, see `sdkBaseline`) runs in a process of its own, the client (the SDK's, 50 calls
 * in flight on one session) in this one; each round drives both sides in alternating order and
 * charges each the CPU its server process spent (`process.cpuUsage()` before and after). Calls
 * per second are printed beside it, but on a small machine the client saturates first, so the
 * target is on CPU per call: toolwright's at most 1/0.9 of the SDK's (≥ 0.9× by the inverse).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BenchResult } from '../types';
import { driveCalls } from './driveCalls';
import type { ServerReply } from './serverProcess';

const CALLS = 2000;
const IN_FLIGHT = 50;
/** Rounds per side, alternating which side goes first; medians count. */
const ROUNDS = 6;
const TARGET_RATIO = 0.9;

/** A server process and a client connected to it. */
interface Side {
  name: string;
  child: ChildProcess;
  client: Client;
}

/** The next message of a child that satisfies `accept`. */
function nextReply<T extends ServerReply>(child: ChildProcess, kind: T['kind']): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: ServerReply) => {
      if (message.kind !== kind) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
  });
}

async function open(name: 'toolwright' | 'sdk'): Promise<Side> {
  const child = fork(join(__dirname, 'serverProcess.ts'), [name], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
  });
  const { url } = await nextReply<{ kind: 'ready'; url: string }>(child, 'ready');
  const headers = name === 'toolwright' ? { Authorization: 'Bearer bench' } : undefined;
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return { name, child, client };
}

async function cpuOf(side: Side): Promise<number> {
  const reply = nextReply<{ kind: 'cpu'; micros: number }>(side.child, 'cpu');
  side.child.send({ kind: 'cpu' });
  return (await reply).micros;
}

/** One round of one side: server CPU µs per call and calls per second. */
async function measure(side: Side): Promise<{ cpuPerCall: number; perSecond: number }> {
  const before = await cpuOf(side);
  const { seconds } = await driveCalls(side.client, CALLS, IN_FLIGHT);
  const after = await cpuOf(side);
  return { cpuPerCall: (after - before) / CALLS, perSecond: CALLS / seconds };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function close(side: Side): Promise<void> {
  await side.client.close();
  const exited = new Promise((resolve) => side.child.once('exit', resolve));
  side.child.send({ kind: 'stop' });
  await exited;
}

/** The CPU bench. */
export async function run(): Promise<BenchResult[]> {
  const sides = [await open('toolwright'), await open('sdk')];
  for (const side of sides) await driveCalls(side.client, 500, IN_FLIGHT);
  const figures = new Map(
    sides.map((side) => [side.name, { cpu: [] as number[], rate: [] as number[] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const { cpuPerCall, perSecond } = await measure(side);
      figures.get(side.name)!.cpu.push(cpuPerCall);
      figures.get(side.name)!.rate.push(perSecond);
    }
  }
  for (const side of sides) await close(side);
  const tw = figures.get('toolwright')!;
  const sdk = figures.get('sdk')!;
  const twCpu = median(tw.cpu);
  const sdkCpu = median(sdk.cpu);
  const ratio = Number((sdkCpu / twCpu).toFixed(2));
  return [
    {
      name: 'mcp tools/call over Streamable HTTP, server CPU per call (servers in own processes)',
      figures: {
        calls: CALLS,
        inFlight: IN_FLIGHT,
        rounds: ROUNDS,
        'toolwright server CPU µs/call (median)': Math.round(twCpu),
        'sdk McpServer server CPU µs/call (median)': Math.round(sdkCpu),
        'toolwright calls/s (median)': Math.round(median(tw.rate)),
        'sdk McpServer calls/s (median)': Math.round(median(sdk.rate)),
        'ratio (sdk CPU / toolwright CPU)': ratio,
      },
      target: `toolwright at least ${TARGET_RATIO}x the SDK McpServer by server CPU per call (got ${ratio}x)`,
      ok: ratio >= TARGET_RATIO,
    },
  ];
}
