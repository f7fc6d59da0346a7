/**
 * (b) Streaming overhead: consuming `agent.stream()` — with a `tool_input_delta` event and the
 * partial input for every delta — for a 256 KB tool input sent in 64-byte deltas, against
 * consuming the client's own stream (`client.messages.stream`) of the same response, and the
 * bare event stream (`messages.create({ stream: true })`, input JSON concatenated and parsed).
 * The reply stops on `max_tokens`, so the call is not run and the two do the same HTTP work.
 * Target: at most 1.5×.
 */
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent } from '../../src/agent/ToolAgent';
import { ToolRegistry } from '../../src/registry/ToolRegistry';
import { PartialJsonParser } from '../../src/streaming/PartialJsonParser';
import { startScriptedServer } from '../../src/testing/startScriptedServer';
import { BenchService, median, now, round } from './benchKit';
import type { BenchResult } from './benchKit';

const INPUT_BYTES = 256 * 1024;
const ROUNDS = 30;

/** Text with words, quotes, escapes and non-ASCII, about `bytes` long once JSON-encoded. */
function sampleText(bytes: number): string {
  const words = [
    'alpha',
    'beta "quoted"',
    'tab\there',
    'line\nbreak',
    'café',
    'back\\slash',
    'plain',
  ];
  let text = '';
  for (let i = 0; JSON.stringify(text).length < bytes; i++) text += `${words[i % words.length]} `;
  return text;
}

/** Milliseconds to feed `text` to the incremental parser in 64-byte deltas (best of 15). */
function parserMs(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 15; i++) {
    const t0 = now();
    const parser = new PartialJsonParser();
    for (let at = 0; at < text.length; at += 64) parser.push(text.slice(at, at + 64));
    best = Math.min(best, now() - t0);
  }
  return best;
}

export async function run(): Promise<BenchResult[]> {
  const data = sampleText(INPUT_BYTES);
  const server = await startScriptedServer({
    turns: () => ({
      content: [{ type: 'tool_use', id: 't1', name: 'store', input: { data } }],
      stop_reason: 'max_tokens',
      stream: { chunkSize: 64 },
    }),
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
  let deltas = 0;
  /** The three consumers, each returning its time in ms. */
  const consumers = {
    client: async (): Promise<number> => {
      const t0 = now();
      const stream = client.messages.stream(params);
      for await (const event of stream) void event;
      const message = await stream.finalMessage();
      const ms = now() - t0;
      if ((message.content[0] as { input: { data: string } }).input.data !== data) {
        throw new Error('the client stream lost input');
      }
      return ms;
    },
    raw: async (): Promise<number> => {
      const t0 = now();
      let json = '';
      for await (const event of await client.messages.create({ ...params, stream: true })) {
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
          json += event.delta.partial_json;
        }
      }
      const input = JSON.parse(json) as { data: string };
      const ms = now() - t0;
      if (input.data !== data) throw new Error('raw stream lost input');
      return ms;
    },
    agent: async (): Promise<number> => {
      const t0 = now();
      let seen = 0;
      let last: unknown;
      for await (const event of agent.stream('go')) {
        if (event.type === 'tool_input_delta') {
          seen++;
          last = event.partialInput;
        }
      }
      const ms = now() - t0;
      if ((last as { data: string }).data !== data) throw new Error('the partial input is wrong');
      deltas = seen;
      return ms;
    },
  };
  const times: Record<keyof typeof consumers, number[]> = { client: [], raw: [], agent: [] };
  const order: (keyof typeof consumers)[] = ['client', 'raw', 'agent'];
  try {
    for (let round = 0; round < ROUNDS + 3; round++) {
      // The order rotates, so none always pays for another's garbage. (No forced GC between
      // them: a full GC throws away optimized code and measures the JIT, not the stream.)
      const rotated = [...order.slice(round % 3), ...order.slice(0, round % 3)];
      for (const name of rotated) {
        const ms = await consumers[name]();
        if (round >= 3) times[name].push(ms);
      }
    }
  } finally {
    await server.close();
  }
  const sdk = times.client;
  const raw = times.raw;
  const ours = times.agent;
  const small = parserMs(JSON.stringify({ data }));
  const large = parserMs(JSON.stringify({ data: data + data + data + data }));
  const ratio = median(ours) / median(sdk);
  const rawRatio = median(ours) / median(raw);
  return [
    {
      name: 'agent: stream() overhead, 256 KB tool input in 64-byte deltas',
      figures: {
        'input_json_delta events': deltas,
        'client stream ms (median)': round(median(sdk), 2),
        'agent stream() ms (median)': round(median(ours), 2),
        'raw event stream ms (median)': round(median(raw), 2),
        'ratio vs client stream (median)': round(ratio, 3),
        'ratio vs raw event stream (median)': round(rawRatio, 3),
        'partial JSON parser alone, 256 KB / 1 MB ms': `${round(small, 2)} / ${round(large, 2)}`,
        'parser scaling 1 MB / 256 KB (4 = linear)': round(large / small, 2),
        rounds: ROUNDS,
      },
      target: 'ratio <= 1.5, vs the client stream and vs the bare event stream',
      ok: ratio <= 1.5 && rawRatio <= 1.5,
    },
  ];
}
