/**
 * The examples of docs/long-runs.md, run: an agent that compacts, one that clears old tool
 * results, and the prompt cache measured turn by turn on the scripted server; the table of cached
 * tokens the guide shows (its `output of` block for this file) is the one this run measures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startScriptedServer } from '../../testing/startScriptedServer';
import type { ScriptedServer, ScriptedServerOptions, ScriptedTurn } from '../../testing/types';
import { ToolAgent } from '../ToolAgent';
import { LogService } from './__fixtures__/LogService';

let server: ScriptedServer;
afterEach(async () => {
  expect(server.pairingViolations).toEqual([]);
  await server.close();
});

/** Three logs read, then the answer. */
const turns: ScriptedTurn[] = [
  { content: [{ type: 'tool_use', id: 't1', name: 'read_log', input: { day: 'mon' } }] },
  { content: [{ type: 'tool_use', id: 't2', name: 'read_log', input: { day: 'tue' } }] },
  { content: [{ type: 'tool_use', id: 't3', name: 'read_log', input: { day: 'wed' } }] },
  { content: [{ type: 'text', text: 'Three quiet days.' }] },
];

/** The scripted server of `turns`, a client on it and a registry of the log tools. */
async function setUp(options: Partial<ScriptedServerOptions> = {}) {
  server = await startScriptedServer({ turns, ...options });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  return { client, registry: new ToolRegistry().register(new LogService()) };
}

/** The table docs/long-runs.md shows under "What the cache saves". */
function shownInGuide(): string {
  const guide = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'long-runs.md'), 'utf8');
  const pattern =
    /<!-- output of: src\/agent\/context\/longRuns.example.test.ts -->\s*```text\n([\s\S]*?)```/;
  return pattern.exec(guide)?.[1] ?? '';
}

describe('docs/long-runs.md', () => {
  it('compacts a run past its budget and keeps the compaction block in the history', async () => {
    const { client, registry } = await setUp();
    const agent = new ToolAgent({
      client,
      registry,
      model: 'claude-sonnet-5-5',
      contextBudget: { strategy: 'compact', triggerTokens: 50_000 },
    });
    const result = await agent.run('What happened this week?');
    const blocks = result.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const compactions = blocks.filter((block) => (block.type as string) === 'compaction');
    expect(compactions).toHaveLength(1);
    expect(result.finalText).toBe('Three quiet days.');
  });

  it('clears old tool results past its budget, and the API says what it cleared', async () => {
    const { client, registry } = await setUp();
    const agent = new ToolAgent({
      client,
      registry,
      model: 'claude-sonnet-5-5',
      contextBudget: {
        strategy: 'clear_tool_results',
        triggerTokens: 50_000,
        keepToolUses: 1,
        clearAtLeastTokens: 20_000,
      },
    });
    const result = await agent.run('What happened this week?');
    const { context_management } = result.message as Message & {
      context_management?: { applied_edits: { cleared_tool_uses: number }[] };
    };
    expect(context_management?.applied_edits[0].cleared_tool_uses).toBe(2);
  });

  it('reads every earlier turn from the prompt cache', async () => {
    const { client, registry } = await setUp({ promptCache: true });
    const agent = new ToolAgent({
      client,
      registry,
      model: 'claude-sonnet-5-5',
      system: 'You read server logs and report what went wrong. '.repeat(100),
      cache: true,
    });
    const lines: string[] = [];
    for await (const event of agent.stream('What happened this week?')) {
      if (event.type !== 'turn_end') continue;
      const { cache_read_input_tokens, cache_creation_input_tokens, input_tokens } =
        event.message.usage;
      lines.push(
        `turn ${event.iteration}: read ${cache_read_input_tokens}, written ${cache_creation_input_tokens}, uncached ${input_tokens}`,
      );
    }
    expect(lines.join('\n') + '\n').toBe(shownInGuide());
  });
});
