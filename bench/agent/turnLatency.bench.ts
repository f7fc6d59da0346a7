/**
 * (a) Turn latency with three streamed tool calls, the first one slow: the wall time of the
 * turn (request start to the last result) against its limit, the latest of each block's end
 * plus its tool's time, with block ends measured on the client's own stream of the same reply.
 * Target: at most 1.10× the limit.
 */
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent } from '../../src/agent/ToolAgent';
import { ToolRegistry } from '../../src/registry/ToolRegistry';
import { startScriptedServer } from '../../src/testing/startScriptedServer';
import type { ScriptedReply } from '../../src/testing/types';
import { BenchService, median, now, round } from './benchKit';
import type { BenchResult } from './benchKit';

const TOOL_MS = [200, 20, 20];
const GAP_MS = 50;
const ROUNDS = 7;

// Each block: start, deltas, stop. Blocks 1 and 2 start, and the message stops, GAP_MS apart.
const reply: ScriptedReply = {
  content: TOOL_MS.map((ms, i) => ({
    type: 'tool_use',
    id: `t${i}`,
    name: 'pause',
    input: { ms },
  })),
  stream: { chunkSize: 4 },
};
const eventsPerBlock = 2 + Math.ceil(JSON.stringify({ ms: 200 }).length / 4);
const blockStart = (i: number): number => 2 + i * eventsPerBlock;
const messageDelta = blockStart(3);
reply.stream!.pauses = { [blockStart(1)]: GAP_MS, [blockStart(2)]: GAP_MS, [messageDelta]: GAP_MS };

export async function run(): Promise<BenchResult[]> {
  const server = await startScriptedServer({
    turns: (request) =>
      (request.body.messages?.length ?? 0) > 1
        ? { content: [{ type: 'text', text: 'ok' }] }
        : reply,
    record: false,
  });
  const client = new Anthropic({ apiKey: 'bench', baseURL: server.url, maxRetries: 0 });
  const registry = new ToolRegistry().register(new BenchService());
  const agent = new ToolAgent({ client, registry, model: 'bench' });
  const params = {
    model: 'bench',
    max_tokens: 100,
    messages: [{ role: 'user' as const, content: 'go' }],
  };
  const limits: number[] = [];
  const walls: number[] = [];
  try {
    for (let round = 0; round < ROUNDS + 1; round++) {
      // The limit: when each block is known complete on the client's own stream, plus its tool.
      const t0 = now();
      const ends: number[] = [];
      for await (const event of client.messages.stream(params)) {
        if (event.type === 'content_block_start' && event.index > 0) ends.push(now() - t0);
        if (event.type === 'message_delta') ends.push(now() - t0);
      }
      const limit = Math.max(...ends.map((end, i) => end + TOOL_MS[i]));
      // The agent's turn: from the request to the end of the turn (all results ready).
      const t1 = now();
      let wall = 0;
      for await (const event of agent.stream('go')) {
        if (event.type === 'turn_end' && event.iteration === 1) wall = now() - t1;
      }
      if (round > 0) {
        limits.push(limit);
        walls.push(wall);
      }
    }
  } finally {
    await server.close();
  }
  const ratios = walls.map((wall, i) => wall / limits[i]);
  const ratio = median(ratios);
  const sequential = TOOL_MS.reduce((a, b) => a + b, 0) + 3 * GAP_MS;
  return [
    {
      name: 'agent: turn latency, 3 streamed calls, slow first tool',
      figures: {
        'limit ms (median)': round(median(limits), 1),
        'wall ms (median)': round(median(walls), 1),
        'wall / limit (median)': round(ratio, 3),
        'wall / limit (max)': round(Math.max(...ratios), 3),
        'sequential would be ms': sequential,
        rounds: ROUNDS,
      },
      target: 'wall / limit <= 1.10',
      ok: ratio <= 1.1,
    },
  ];
}
