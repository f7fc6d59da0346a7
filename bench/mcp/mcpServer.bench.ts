/**
 * MCP server throughput: `tools/call` of a trivial tool through the real SDK client, in memory
 * (the server's own overhead) and over Streamable HTTP on loopback (50 calls in flight on one
 * session), so a regression in the MCP layer shows apart from the registry's. Client and server
 * share one process, so the HTTP figure includes the SDK client's own cost.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src/mcp/createMcpServer';
import { startMcpHttpServer } from '../../src/mcp/startMcpHttpServer';
import { createShopRegistry } from '../../src/mcp/__fixtures__/shopRegistry';

/** One benchmark's figures, as `bench/run.js` prints them. */
export interface BenchResult {
  name: string;
  figures: Record<string, string | number>;
  target?: string;
  ok?: boolean;
}

const CALLS = 2000;
const IN_FLIGHT = 50;

/** Runs `CALLS` calls, `IN_FLIGHT` at a time; returns calls per second and latency percentiles. */
async function drive(client: Client): Promise<{ perSecond: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < CALLS) {
      const i = next++;
      const started = performance.now();
      const result = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
      latencies.push(performance.now() - started);
      if (result.isError) throw new Error(`call ${i} failed`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.floor(q * (latencies.length - 1))].toFixed(2));
  return { perSecond: Math.round(CALLS / seconds), p50: at(0.5), p95: at(0.95) };
}

async function inMemory(): Promise<BenchResult> {
  const server = createMcpServer(createShopRegistry(), { name: 'bench', version: '0' });
  const client = new Client({ name: 'bench', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const figures = await drive(client);
  await client.close();
  return {
    name: 'mcp tools/call, in memory',
    figures: {
      calls: CALLS,
      inFlight: IN_FLIGHT,
      'calls/s': figures.perSecond,
      'p50 ms': figures.p50,
      'p95 ms': figures.p95,
    },
  };
}

async function overHttp(): Promise<BenchResult> {
  const running = await startMcpHttpServer(createShopRegistry(), {
    name: 'bench',
    version: '0',
    token: 'bench',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(running.url), {
      requestInit: { headers: { Authorization: 'Bearer bench' } },
    }),
  );
  const figures = await drive(client);
  await client.close();
  await running.close();
  return {
    name: 'mcp tools/call, Streamable HTTP on loopback',
    figures: {
      calls: CALLS,
      inFlight: IN_FLIGHT,
      'calls/s': figures.perSecond,
      'p50 ms': figures.p50,
      'p95 ms': figures.p95,
    },
  };
}

/** The MCP benchmarks. */
export async function run(): Promise<BenchResult[]> {
  return [await inMemory(), await overHttp()];
}

if (require.main === module) {
  void run().then((results) => process.stdout.write(`${JSON.stringify(results, null, 2)}\n`));
}
