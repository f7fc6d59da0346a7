/**
 * What both MCP benches drive: `calls` calls of the `add` tool through an MCP client, `inFlight`
 * at a time; the seconds they took and each call's latency (ms).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** Runs the calls; throws if one fails. */
export async function driveCalls(
  client: Client,
  calls: number,
  inFlight: number,
): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const i = next++;
      const started = performance.now();
      const result = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
      latencies.push(performance.now() - started);
      if (result.isError) throw new Error(`call ${i} failed`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies };
}
