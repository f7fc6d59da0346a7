/**
 * The scripted server's prompt cache, through the real SDK client: a breakpoint writes its prefix,
 * a later request with the same prefix reads it (up to 20 blocks before one of its breakpoints),
 * a changed prefix or one under the minimum is not read, and the usage splits the input as the
 * API does.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { approxTokens, requestTokens } from './promptSegments';
import { startScriptedServer } from './startScriptedServer';
import type { ScriptedServer } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ephemeral = { type: 'ephemeral' } as const;
const base = { model: 'claude-test', max_tokens: 100 };
const system = (text: string): TextBlockParam[] => [
  { type: 'text', text, cache_control: ephemeral },
];
const rules = 'Answer from the logs only. '.repeat(300);

async function client(minTokens?: number): Promise<Anthropic> {
  server = await startScriptedServer({
    turns: () => ({ content: [{ type: 'text', text: 'ok' }] }),
    promptCache: minTokens === undefined ? true : { minTokens },
  });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

const usageOf = ({ usage }: Anthropic.Message) => [
  usage.cache_read_input_tokens,
  usage.cache_creation_input_tokens,
  usage.input_tokens,
];

describe('the scripted prompt cache', () => {
  it('writes a prefix at its breakpoint and reads it for a request that shares it', async () => {
    const api = await client();
    const ask = (text: string) =>
      api.messages.create({
        ...base,
        system: system(rules),
        messages: [{ role: 'user', content: text }],
      });
    const cached = approxTokens({ type: 'text', text: rules });
    const question = approxTokens({ type: 'text', text: 'Any 500s on mon?' });
    expect(usageOf(await ask('Any 500s on mon?'))).toEqual([0, cached, question]);
    expect(usageOf(await ask('Any 500s on mon?'))).toEqual([cached, 0, question]);
    // Another system prompt is another prefix: written anew, nothing read.
    const other = await api.messages.create({
      ...base,
      system: system(`${rules}Be brief.`),
      messages: [{ role: 'user', content: 'Any 500s on mon?' }],
    });
    expect(other.usage.cache_read_input_tokens).toBe(0);
    expect(other.usage.cache_creation_input_tokens).toBeGreaterThan(cached);
  });

  it('reads the conversation so far when the breakpoint moves to the last message', async () => {
    const api = await client();
    const marked = (messages: MessageParam[]): MessageParam[] =>
      messages.map((m, i) =>
        i === messages.length - 1
          ? { ...m, content: [{ type: 'text', text: String(m.content), cache_control: ephemeral }] }
          : m,
      );
    const first: MessageParam[] = [{ role: 'user', content: rules }];
    const body1 = { ...base, messages: marked(first) };
    await api.messages.create(body1);
    const second: MessageParam[] = [
      ...first,
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'More?' },
    ];
    const body2 = { ...base, messages: marked(second) };
    const reply = await api.messages.create(body2);
    // Everything up to the last breakpoint of the first request is read; the new turn is written.
    expect(usageOf(reply)).toEqual([
      requestTokens(body1),
      requestTokens(body2) - requestTokens(body1),
      0,
    ]);
  });

  it('caches nothing under the minimum, and finds no prefix more than 20 blocks back', async () => {
    const api = await client(2000);
    const short = await api.messages.create({
      ...base,
      system: system('Be brief.'),
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(usageOf(short).slice(0, 2)).toEqual([0, 0]);
    const long = await api.messages.create({
      ...base,
      system: system(rules.repeat(2)),
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(long.usage.cache_creation_input_tokens).toBeGreaterThan(2000);
    // The written prefix ends at the system block; a breakpoint 21 blocks later does not see it.
    const many = Array.from({ length: 21 }, (_, i): TextBlockParam => ({
      type: 'text',
      text: `line ${i}`,
    }));
    many[20] = { ...many[20], cache_control: ephemeral };
    const far = await api.messages.create({
      ...base,
      system: [{ type: 'text', text: rules.repeat(2) }],
      messages: [{ role: 'user', content: many }],
    });
    expect(far.usage.cache_read_input_tokens).toBe(0);
  });

  it('leaves deferred tools out of the count and the prefix: another deferred tool still reads it', async () => {
    const api = await client();
    const tool = (name: string, deferred: boolean): Anthropic.Tool => ({
      name,
      description: `${name} ${rules}`,
      input_schema: { type: 'object', properties: { id: { type: 'string' } } },
      ...(deferred ? { defer_loading: true } : {}),
    });
    const ask = (deferred: string[]) =>
      api.messages.create({
        ...base,
        tools: [tool('get_order', false), ...deferred.map((name) => tool(name, true))],
        system: system(rules),
        messages: [{ role: 'user', content: 'Hi' }],
      });
    const cached =
      approxTokens(tool('get_order', false)) + approxTokens({ type: 'text', text: rules });
    const question = approxTokens({ type: 'text', text: 'Hi' });
    expect(usageOf(await ask(['cancel_order']))).toEqual([0, cached, question]);
    expect(usageOf(await ask(['cancel_order', 'track_shipment']))).toEqual([cached, 0, question]);
    expect(requestTokens({ tools: [tool('get_order', false), tool('cancel_order', true)] })).toBe(
      approxTokens(tool('get_order', false)),
    );
  });
});
