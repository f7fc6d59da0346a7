/**
 * Prompt caching across the turns of a run, measured on the scripted server's cache: the tools
 * and system prompt are marked and stay the same from turn to turn, and the breakpoint on the last
 * message moves with the conversation, so turn N reads the tools and every earlier turn from the
 * cache and writes only its own. The history returned carries no breakpoint.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { requestTokens } from '../../testing/promptSegments';
import { startScriptedServer } from '../../testing/startScriptedServer';
import type { ScriptedServer } from '../../testing/types';
import { say, use } from '../__fixtures__/harness';
import { ToolAgent } from '../ToolAgent';
import type { AgentEvent, ToolAgentOptions } from '../types';
import { LogService } from './__fixtures__/LogService';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

const system = 'You read server logs and report what went wrong. '.repeat(100);

/** A run of four turns (three logs read, then the answer); the usage of each turn. */
async function runTurns(options: Partial<ToolAgentOptions>): Promise<Usage[]> {
  server = await startScriptedServer({
    turns: [
      use({ id: 't1', name: 'read_log', input: { day: 'mon' } }),
      use({ id: 't2', name: 'read_log', input: { day: 'tue' } }),
      use({ id: 't3', name: 'read_log', input: { day: 'wed' } }),
      say('Three quiet days.'),
    ],
    promptCache: true,
  });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  const registry = new ToolRegistry().register(new LogService());
  const agent = new ToolAgent({ client, registry, model: 'claude-test', system, ...options });
  const usages: Usage[] = [];
  let history: unknown;
  for await (const event of agent.stream('What happened this week?') as AsyncIterable<AgentEvent>) {
    if (event.type === 'turn_end') usages.push(event.message.usage);
    if (event.type === 'done') history = event.result.messages;
  }
  // The breakpoints are the requests' own: the history handed back has none.
  expect(JSON.stringify(history)).not.toContain('cache_control');
  return usages;
}

describe('prompt caching across turns', () => {
  it('turn N reads the tools, the system prompt and every earlier turn from the cache', async () => {
    const usages = await runTurns({ cache: true });
    const bodies = server!.requests.map((request) => request.body);
    // The first turn writes everything; each later one reads all the turn before it sent.
    expect(usages[0].cache_read_input_tokens).toBe(0);
    expect(usages[0].cache_creation_input_tokens).toBe(requestTokens(bodies[0]));
    for (let n = 1; n < usages.length; n++) {
      expect(usages[n].cache_read_input_tokens).toBe(requestTokens(bodies[n - 1]));
      expect(usages[n].cache_creation_input_tokens).toBe(
        requestTokens(bodies[n]) - requestTokens(bodies[n - 1]),
      );
      expect(usages[n].input_tokens).toBe(0);
    }
    // Turn 4 read the two logs before it (30,000 tokens each) from the cache, not at the full rate.
    expect(usages[3].cache_read_input_tokens).toBeGreaterThan(60_000);
    // The definitions are the same on every turn, in the same order, the last one marked.
    for (const body of bodies) expect(body.tools).toEqual(bodies[0].tools);
    expect(bodies[0].tools?.at(-1)).toMatchObject({ cache_control: { type: 'ephemeral' } });
  });

  it('is on with a contextBudget, and cache: false turns it off: every token is input again', async () => {
    const budget = { strategy: 'clear_tool_results', triggerTokens: 500_000 } as const;
    const on = await runTurns({ contextBudget: budget });
    expect(on[3].cache_read_input_tokens).toBeGreaterThan(60_000);
    await server!.close();
    server = undefined;
    const off = await runTurns({ contextBudget: budget, cache: false });
    expect(off.map((u) => u.cache_read_input_tokens)).toEqual([0, 0, 0, 0]);
    expect(off[3].input_tokens).toBe(requestTokens(server!.requests[3].body));
  });
});
