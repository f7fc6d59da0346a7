/**
 * (c) 1,000 concurrent `run`s in one process against the testing kit, two turns each (a tool
 * call, then the answer). Per-turn loop overhead = (run wall time − time in HTTP − time in the
 * tool) / turns, as p50 / p99, under that load and for runs one at a time; and memory per
 * conversation, heap growth with all 1,000 runs in flight (held at a barrier inside the tool)
 * divided by 1,000 (the in-process server's share included).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent } from '../../src/agent/ToolAgent';
import { Param } from '../../src/decorators/Param';
import { Tool } from '../../src/decorators/Tool';
import { ToolRegistry } from '../../src/registry/ToolRegistry';
import { startScriptedServer } from '../../src/testing/startScriptedServer';
import { now, percentile, round } from './benchKit';
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
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
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

  const timedRun = async (): Promise<number> => {
    const runClock: RunClock = { http: 0, tool: 0 };
    return clock.run(runClock, async () => {
      const t0 = now();
      const result = await agent.run('What is k?');
      const wall = now() - t0;
      return (wall - runClock.http - runClock.tool) / result.iterations;
    });
  };

  try {
    const solo: number[] = [];
    for (let i = 0; i < SOLO_RUNS; i++) solo.push(await timedRun());

    service.barrier = new Barrier();
    service.barrier.target = RUNS;
    const before = heapUsed();
    const reached = new Promise<void>((resolve) => (service.barrier.reached = resolve));
    const t0 = now();
    const runs = Array.from({ length: RUNS }, () => timedRun());
    await reached;
    const inFlight = heapUsed() - before;
    service.barrier.open();
    const loaded = await Promise.all(runs);
    const total = now() - t0;
    return [
      {
        name: 'agent: 1,000 concurrent runs against the testing kit',
        figures: {
          runs: RUNS,
          'turns per run': 2,
          'total wall ms': round(total, 0),
          'loop overhead per turn p50 ms (1,000 concurrent)': round(percentile(loaded, 50), 3),
          'loop overhead per turn p99 ms (1,000 concurrent)': round(percentile(loaded, 99), 3),
          'loop overhead per turn p50 ms (one at a time)': round(percentile(solo, 50), 3),
          'loop overhead per turn p99 ms (one at a time)': round(percentile(solo, 99), 3),
          'memory per conversation in flight KB': round(inFlight / RUNS / 1024, 1),
          'gc before measuring': (globalThis as { gc?: unknown }).gc
            ? 'yes'
            : 'no (run node with --expose-gc)',
        },
      },
    ];
  } finally {
    await server.close();
  }
}
