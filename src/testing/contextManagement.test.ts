/**
 * The testing kit's context management, through the real SDK's beta client: tool result clearing
 * reported in `context_management.applied_edits`, compaction blocks opening the reply once the
 * trigger is passed (whole and streamed), and what the API refuses (a missing beta, a trigger
 * under 50,000 tokens, a compaction block not sent back as it was returned, two blocks with
 * content or one that is not the first block).
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  CompactionBlockAmbiguousError,
  CompactionBlockMisplacedError,
} from '@anthropic-ai/sdk/resources/messages';
import type {
  BetaCompactionBlock,
  BetaContentBlock,
  BetaMessageParam,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { startScriptedServer } from './startScriptedServer';
import type { ScriptedServer } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const base = { model: 'claude-test', max_tokens: 100 };
/** Text of about `tokens` tokens by the server's count (four characters a token). */
const filler = (tokens: number): string => 'x'.repeat(tokens * 4);

/** A history of `n` answered calls of `lookup`, each result about 1,000 tokens. */
function toolHistory(n: number): BetaMessageParam[] {
  const messages: BetaMessageParam[] = [{ role: 'user', content: 'Look everything up.' }];
  for (let i = 0; i < n; i++) {
    const id = `toolu_${i}`;
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name: i === 0 ? 'pinned' : 'lookup', input: { i } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: filler(1000) }],
    });
  }
  return messages;
}

const clearing = {
  edits: [
    {
      type: 'clear_tool_uses_20250919' as const,
      trigger: { type: 'input_tokens' as const, value: 3000 },
      keep: { type: 'tool_uses' as const, value: 2 },
      exclude_tools: ['pinned'],
    },
  ],
};

async function clientFor(turns: number): Promise<Anthropic> {
  server = await startScriptedServer({
    turns: Array.from({ length: turns }, () => ({ content: [{ type: 'text', text: 'ok' }] })),
  });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

describe('context editing on the scripted server', () => {
  it.each([false, true])(
    'clears the oldest tool results past the trigger and says so in applied_edits (stream: %s)',
    async (stream) => {
      const client = await clientFor(1);
      const params = {
        ...base,
        betas: ['context-management-2025-06-27'],
        messages: toolHistory(6),
        context_management: clearing,
      };
      const message = stream
        ? await client.beta.messages.stream(params).finalMessage()
        : await client.beta.messages.create(params);
      // Six uses: the last two kept, the first excluded (pinned), three cleared.
      const [edit] = message.context_management!.applied_edits;
      expect(edit).toMatchObject({ type: 'clear_tool_uses_20250919', cleared_tool_uses: 3 });
      expect((edit as { cleared_input_tokens: number }).cleared_input_tokens).toBeGreaterThan(2900);
    },
  );

  it('applies nothing under the trigger, or when less than clear_at_least would go', async () => {
    const client = await clientFor(2);
    const under = await client.beta.messages.create({
      ...base,
      betas: ['context-management-2025-06-27'],
      messages: toolHistory(2),
      context_management: clearing,
    });
    expect(under.context_management).toEqual({ applied_edits: [] });
    const edit = {
      ...clearing.edits[0],
      clear_at_least: { type: 'input_tokens' as const, value: 10_000 },
    };
    const tooLittle = await client.beta.messages.create({
      ...base,
      betas: ['context-management-2025-06-27'],
      messages: toolHistory(6),
      context_management: { edits: [edit] },
    });
    expect(tooLittle.context_management).toEqual({ applied_edits: [] });
  });

  it('refuses a history trimmed by hand that keeps a tool result without its call', async () => {
    const client = await clientFor(1);
    // Dropping the oldest messages to fit a budget cuts a call from its result: the API says no.
    const trimmed = toolHistory(3).slice(2);
    const request = client.beta.messages.create({ ...base, messages: trimmed });
    await expect(request).rejects.toThrow(
      /messages\.0\.content\.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_0/,
    );
    expect(server!.pairingViolations).toHaveLength(1);
  });

  it('refuses context_management without its beta, naming the header', async () => {
    const client = await clientFor(1);
    const request = client.beta.messages.create({
      ...base,
      messages: toolHistory(1),
      context_management: clearing,
    });
    await expect(request).rejects.toThrow(/anthropic-beta: context-management-2025-06-27/);
  });
});

describe('compaction on the scripted server', () => {
  const compacting = (value: number, pause = false) => ({
    edits: [
      {
        type: 'compact_20260112' as const,
        trigger: { type: 'input_tokens' as const, value },
        pause_after_compaction: pause,
      },
    ],
  });
  const long: BetaMessageParam[] = [{ role: 'user', content: filler(60_000) }];

  it.each([false, true])(
    'opens the reply with a compaction block past the trigger, which goes back as received (stream: %s)',
    async (stream) => {
      const client = await clientFor(2);
      const params = {
        ...base,
        betas: ['compact-2026-01-12'],
        messages: long,
        context_management: compacting(50_000),
      };
      const message = stream
        ? await client.beta.messages.stream(params).finalMessage()
        : await client.beta.messages.create(params);
      const [block, text] = message.content as BetaContentBlock[];
      expect(block).toMatchObject({
        type: 'compaction',
        content: 'Summary of the conversation so far (1 messages compacted).',
      });
      expect(text).toMatchObject({ type: 'text', text: 'ok' });
      // Sent back as received, the conversation goes on from the block (under the trigger now).
      const next = await client.beta.messages.create({
        ...params,
        messages: [
          { role: 'assistant', content: message.content },
          { role: 'user', content: 'Go on.' },
        ],
      });
      expect(next.content.map((b) => b.type)).toEqual(['text']);
    },
  );

  it('refuses a compaction block sent back altered, or without the beta', async () => {
    const client = await clientFor(1);
    const params = {
      ...base,
      betas: ['compact-2026-01-12'],
      context_management: compacting(50_000),
    };
    const message = await client.beta.messages.create({ ...params, messages: long });
    const block = message.content[0] as BetaCompactionBlock;
    const altered = [
      { role: 'assistant' as const, content: [{ ...block, content: `${block.content} (edited)` }] },
    ];
    await expect(client.beta.messages.create({ ...params, messages: altered })).rejects.toThrow(
      /messages\.0\.content\.0: the `compaction` block differs from the one the API returned/,
    );
    const kept = [{ role: 'assistant' as const, content: message.content }];
    await expect(
      client.beta.messages.create({ ...base, messages: kept as BetaMessageParam[] }),
    ).rejects.toThrow(/anthropic-beta: compact-2026-01-12/);
  });

  it('pauses after compaction when asked: the block alone, then the scripted turn', async () => {
    const client = await clientFor(1);
    const params = {
      ...base,
      betas: ['compact-2026-01-12'],
      context_management: compacting(50_000, true),
    };
    const paused = await client.beta.messages.create({ ...params, messages: long });
    expect(paused.stop_reason).toBe('compaction');
    expect(paused.content.map((b) => b.type)).toEqual(['compaction']);
    const next = await client.beta.messages.create({
      ...params,
      messages: [{ role: 'assistant', content: paused.content }],
    });
    expect(next.content).toMatchObject([{ type: 'text', text: 'ok' }]);
  });

  it('refuses two compaction blocks with content, and a block that is not the first block', async () => {
    const client = await clientFor(2);
    const params = {
      ...base,
      betas: ['compact-2026-01-12'],
      context_management: compacting(50_000),
    };
    const first = await client.beta.messages.create({ ...params, messages: long });
    // From the first block on, the conversation passes the trigger again: a second block.
    const upToSecond: BetaMessageParam[] = [
      { role: 'assistant', content: first.content },
      { role: 'user', content: filler(60_000) },
    ];
    const second = await client.beta.messages.create({ ...params, messages: upToSecond });
    expect(second.content[0]).toMatchObject({ type: 'compaction' });
    const both = [...upToSecond, { role: 'assistant' as const, content: second.content }];
    const ambiguous = client.beta.messages.create({ ...params, messages: both });
    await expect(ambiguous).rejects.toBeInstanceOf(CompactionBlockAmbiguousError);
    await expect(ambiguous).rejects.toMatchObject({
      status: 400,
      errorCode: 'compaction_block_ambiguous',
      message: expect.stringMatching(
        /2 `compaction` blocks with content \(messages\.0\.content\.0, messages\.2\.content\.0\); send only the block the conversation returned last/,
      ),
    });
    // The whole history with only the last block still has messages before it.
    const whole = [...long, { role: 'assistant' as const, content: first.content }];
    const misplaced = client.beta.messages.create({ ...params, messages: whole });
    await expect(misplaced).rejects.toBeInstanceOf(CompactionBlockMisplacedError);
    await expect(misplaced).rejects.toMatchObject({
      errorCode: 'compaction_block_misplaced',
      message: expect.stringMatching(
        /messages\.1\.content\.0: the `compaction` block must be the first block of the conversation/,
      ),
    });
    // The last block alone, first: accepted (the script's turns are spent, so the server says so).
    const last = [{ role: 'assistant' as const, content: second.content }];
    await expect(client.beta.messages.create({ ...params, messages: last })).rejects.toThrow(
      /no turn for request #4/,
    );
  });

  it('refuses a trigger under 50,000 input tokens', async () => {
    const client = await clientFor(1);
    const request = client.beta.messages.create({
      ...base,
      betas: ['compact-2026-01-12'],
      messages: long,
      context_management: compacting(10_000),
    });
    await expect(request).rejects.toThrow(/trigger\.value: must be an integer of at least 50000/);
  });
});
