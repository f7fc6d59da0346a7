/**
 * (c) 1,000 concurrent `run`s in one process against the testing kit, two turns each (a tool
 * call, then the answer). Per turn: (wall time − time in HTTP − time in the tool) / turns, as
 * p50 / p99, under that load and one at a time, for the agent and for the same requests and
 * call made by hand (the client's and the registry's own work): the difference is the loop's
 * overhead. Memory per conversation: heap growth with all runs in flight (held at a barrier
 * in the tool) / runs, the in-process server's share included, for both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolAgent } from '../../src/agent/ToolAgent';
import { Param } from '../../src/decorators/Param';
import { Tool } from '../../src/decorators/Tool';
import { ToolRegistry } from '../../src/registry/ToolRegistry';
import { startScriptedServer } from '../../src/testing/startScriptedServer';
import { collectGarbage, now, percentile, round } from './benchKit';
import type { BenchResult } from './benchKit';

const RUNS = 1000;
const SOLO_RUNS = 200;

interface RunClock {
  http: number;
  tool: number;
}

const clock = new AsyncLocalStorage<RunClock>();

/** A fetch that reads the whole body, so the time in HTTP is known per run. */
async function timedFetch(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const t0 = now();
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  const run = clock.getStore();
  if (run) run.http += now() - t0;
  return new Response(body, { status: response.status, headers: response.headers });
}

class Barrier {
  waiting = 0;
  target = Infinity;
  private release: (() => void) | undefined;
  readonly all = new Promise<void>((resolve) => (this.release = resolve));
  reached: (() => void) | undefined;

  async arrive(): Promise<void> {
    if (++this.waiting >= this.target) this.reached?.();
    if (this.target !== Infinity) await this.all;
  }

  open(): void {
    this.release?.();
  }
}

class LookupService {
  barrier = new Barrier();

  @Tool({ description: 'Looks a value up.' })
  async lookup(@Param('key') key: string): Promise<string> {
    const t0 = now();
    await this.barrier.arrive();
    const run = clock.getStore();
    if (run) run.tool += now() - t0;
    return `value of ${key}`;
  }
}

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

type Conversation = () => Promise<number>;

/** Runs `count` conversations at once, held at the tool's barrier to weigh them in flight. */
async function loaded(
  service: LookupService,
  conversation: Conversation,
  count: number,
): Promise<{ perTurn: number[]; kbPerConversation: number; wallMs: number; cpuMs: number }> {
  service.barrier = new Barrier();
  service.barrier.target = count;
  const reached = new Promise<void>((resolve) => (service.barrier.reached = resolve));
  const before = heapUsed();
  const cpu = process.cpuUsage();
  const t0 = now();
  const runs = Array.from({ length: count }, () => conversation());
  await reached;
  const inFlight = heapUsed() - before;
  service.barrier.open();
  const perTurn = await Promise.all(runs);
  const used = process.cpuUsage(cpu);
  return {
    perTurn,
    kbPerConversation: inFlight / count / 1024,
    wallMs: now() - t0,
    cpuMs: (used.user + used.system) / 1000,
  };
}

export async function run(): Promise<BenchResult[]> {
  const server = await startScriptedServer({
    turns: (request) =>
      (request.body.messages?.length ?? 0) === 1
        ? {
            content: [
              { type: 'tool_use', id: `t${request.index}`, name: 'lookup', input: { key: 'k' } },
            ],
          }
        : { content: [{ type: 'text', text: 'The value is known.' }] },
    record: false,
  });
  const client = new Anthropic({
    apiKey: 'bench',
    baseURL: server.url,
    maxRetries: 0,
    fetch: timedFetch,
  });
  const service = new LookupService();
  const registry = new ToolRegistry().register(service);
  const agent = new ToolAgent({ client, registry, model: 'bench' });

  /** Times one conversation: its per-turn time outside HTTP and the tool. */
  const timed =
    (body: () => Promise<number>): Conversation =>
    () => {
      const runClock: RunClock = { http: 0, tool: 0 };
      return clock.run(runClock, async () => {
        const t0 = now();
        const turns = await body();
        return (now() - t0 - runClock.http - runClock.tool) / turns;
      });
    };
  const withAgent = timed(async () => (await agent.run('What is k?')).iterations);
  /** The same two requests and the tool call, by hand, with nothing else: the baseline. */
  const byHand = timed(async () => {
    const messages: MessageParam[] = [{ role: 'user', content: 'What is k?' }];
    const tools = registry.toAnthropic();
    const params = { model: 'bench', max_tokens: 4096, tools };
    const first = await client.messages.create({ ...params, messages });
    messages.push({ role: 'assistant', content: first.content });
    const results: ToolResultBlockParam[] = [];
    for (const block of first.content) {
      if (block.type !== 'tool_use') continue;
      const outcome = await registry.call(block.name, block.input, { toolUseId: block.id });
      results.push({ type: 'tool_result', tool_use_id: block.id, content: outcome.content });
    }
    messages.push({ role: 'user', content: results });
    await client.messages.create({ ...params, messages });
    return 2;
  });

  try {
    const solo = { agent: [] as number[], hand: [] as number[] };
    for (let i = 0; i < SOLO_RUNS; i++) {
      solo.hand.push(await byHand());
      solo.agent.push(await withAgent());
    }
    await loaded(service, withAgent, RUNS); // warm-up of the whole path under load
    const hand = await loaded(service, byHand, RUNS);
    const ours = await loaded(service, withAgent, RUNS);
    const p = (values: number[], q: number): number => round(percentile(values, q), 3);
    return [
      {
        name: 'agent: 1,000 concurrent runs against the testing kit (2 turns each)',
        figures: {
          'per-turn time outside HTTP and tool, p50 / p99 ms, agent, 1,000 concurrent': `${p(ours.perTurn, 50)} / ${p(ours.perTurn, 99)}`,
          'same, by hand (create, call, create), 1,000 concurrent': `${p(hand.perTurn, 50)} / ${p(hand.perTurn, 99)}`,
          'per-turn time outside HTTP and tool, p50 / p99 ms, agent, one at a time': `${p(solo.agent, 50)} / ${p(solo.agent, 99)}`,
          'same, by hand, one at a time': `${p(solo.hand, 50)} / ${p(solo.hand, 99)}`,
          'loop overhead per turn, p50 / p99 ms (agent − by hand, one at a time)': `${round(
            percentile(solo.agent, 50) - percentile(solo.hand, 50),
            3,
          )} / ${round(percentile(solo.agent, 99) - percentile(solo.hand, 99), 3)}`,
          'loop CPU overhead per turn ms (agent − by hand, 1,000 concurrent)': round(
            (ours.cpuMs - hand.cpuMs) / RUNS / 2,
            3,
          ),
          'CPU per turn ms, agent / by hand (1,000 concurrent)': `${round(ours.cpuMs / RUNS / 2, 3)} / ${round(hand.cpuMs / RUNS / 2, 3)}`,
          'wall ms for 1,000 runs, agent / by hand': `${round(ours.wallMs, 0)} / ${round(hand.wallMs, 0)}`,
          'memory per conversation in flight KB, agent / by hand': `${round(ours.kbPerConversation, 1)} / ${round(hand.kbPerConversation, 1)}`,
        },
      },
    ];
  } finally {
    await server.close();
  }
}
