/**
 * MCP server throughput in memory: `tools/call` of a trivial tool through the real SDK client
 * (50 calls in flight) over the SDK's in-memory transport, side by side with the same tool on
 * the SDK's own `McpServer` (zod schema), medians of alternating rounds. Target: toolwright's
 * calls/s at least the SDK's (1.0×). Client and server share one process, so both figures
 * include the SDK client's own cost. Over HTTP, see `mcpServerCpu.bench.ts` (server CPU per call).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createMcpServer } from '../../src/mcp/createMcpServer';
import { createShopRegistry } from '../../src/mcp/__fixtures__/shopRegistry';
import type { BenchResult } from '../types';
import { driveCalls } from './driveCalls';
import { createSdkServer } from './sdkBaseline';

/** A call takes microseconds: many calls per round, so a round outlasts the noise. */
const IN_MEMORY_CALLS = 10000;
const IN_FLIGHT = 50;
/** Rounds per side, alternating which side goes first; each side's median round counts. */
const ROUNDS = 10;
const TARGET_RATIO = 1.0;

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
}

/** Runs `calls` calls, `IN_FLIGHT` at a time; returns calls per second and latency percentiles. */
async function drive(client: Client, calls: number): Promise<Figures> {
  const { seconds, latencies } = await driveCalls(client, calls, IN_FLIGHT);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(2));
  return { perSecond: Math.round(calls / seconds), p50: at(0.5), p95: at(0.95) };
}

/** A connected client and how to tear its side down. */
interface Side {
  client: Client;
  close(): Promise<void>;
}

async function connected(transport: Transport, close: () => Promise<void>): Promise<Side> {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await client.close();
      await close();
    },
  };
}

/** The two servers of one transport, each behind a connected client. */
type Pair = { calls: number; toolwright: () => Promise<Side>; sdk: () => Promise<Side> };

const IN_MEMORY: Pair = {
  calls: IN_MEMORY_CALLS,
  toolwright: async () => {
    const server = createMcpServer(createShopRegistry(), { name: 'bench', version: '0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    return connected(clientSide, () => server.close());
  },
  sdk: async () => {
    const server = createSdkServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    return connected(clientSide, () => server.close());
  },
};

/** The median round of one side, by calls per second. */
function median(rounds: Figures[]): Figures {
  const sorted = [...rounds].sort((a, b) => a.perSecond - b.perSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Both sides of one transport, alternating rounds after a warm-up of each. */
async function compare(name: string, pair: Pair): Promise<BenchResult> {
  const ours: Figures[] = [];
  const theirs: Figures[] = [];
  const sides = [
    { open: pair.toolwright, rounds: ours },
    { open: pair.sdk, rounds: theirs },
  ];
  const opened = await Promise.all(sides.map((side) => side.open()));
  for (const side of opened) await drive(side.client, 500);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order)
      sides[index]!.rounds.push(await drive(opened[index]!.client, pair.calls));
  }
  for (const side of opened) await side.close();
  const tw = median(ours);
  const sdk = median(theirs);
  const ratio = Number((tw.perSecond / sdk.perSecond).toFixed(2));
  return {
    name,
    figures: {
      calls: pair.calls,
      inFlight: IN_FLIGHT,
      'toolwright calls/s': tw.perSecond,
      'toolwright p50 ms': tw.p50,
      'toolwright p95 ms': tw.p95,
      'sdk McpServer calls/s': sdk.perSecond,
      'sdk McpServer p50 ms': sdk.p50,
      'sdk McpServer p95 ms': sdk.p95,
      'ratio (toolwright / sdk)': ratio,
    },
    target: `toolwright calls/s >= ${TARGET_RATIO}x the SDK McpServer's (got ${ratio}x)`,
    ok: ratio >= TARGET_RATIO,
  };
}

/** The MCP benchmarks. */
export async function run(): Promise<BenchResult[]> {
  return [await compare('mcp tools/call, in memory', IN_MEMORY)];
}

if (require.main === module) {
  void run().then((results) => process.stdout.write(`${JSON.stringify(results, null, 2)}\n`));
}
