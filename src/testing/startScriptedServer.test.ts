/** The testing kit serves the real SDK client: JSON, SSE, errors with retries, cuts and the pairing check. */
import Anthropic from '@anthropic-ai/sdk';
import { startScriptedServer } from './startScriptedServer';
import type { ScriptedServer } from './types';

const base = { model: 'claude-test', max_tokens: 100 };
const hello: Anthropic.MessageParam[] = [{ role: 'user', content: 'Hello' }];

describe('startScriptedServer', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers a plain request with the scripted message and records the body', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'text', text: 'Looking it up.' },
            { type: 'tool_use', id: 'toolu_a', name: 'lookup', input: { q: 'x' } },
          ],
        },
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const message = await client.messages.create({ ...base, messages: hello });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'text', text: 'Looking it up.', citations: null },
      { type: 'tool_use', id: 'toolu_a', name: 'lookup', input: { q: 'x' } },
    ]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body.messages).toEqual(hello);
  });

  it('gives the tool_use blocks a script leaves unnamed ids of their own on every server', async () => {
    const script = {
      turns: [{ content: [{ type: 'tool_use' as const, name: 'lookup', input: { q: 'x' } }] }],
    };
    const ids: string[] = [];
    for (const stream of [false, true]) {
      for (let run = 0; run < 2; run++) {
        server = await startScriptedServer(script);
        const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
        const message = stream
          ? await client.messages.stream({ ...base, messages: hello }).finalMessage()
          : await client.messages.create({ ...base, messages: hello });
        ids.push((message.content[0] as Anthropic.ToolUseBlock).id);
        await server.close();
        server = undefined;
      }
    }
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^toolu_[0-9a-f]{8}_0_0$/);
    expect(new Set(ids).size).toBe(4);
  });

  it('streams text and tool input as deltas that the SDK assembles into the same message', async () => {
    const input = { city: 'Paris', days: [1, 2, 3], note: 'a "quoted" \\ text' };
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'text', text: 'Let me check the weather for you.' },
            { type: 'tool_use', id: 'toolu_w', name: 'weather', input },
          ],
          stream: { chunkSize: 3 },
        },
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const stream = client.messages.stream({ ...base, messages: hello });
    const types: string[] = [];
    stream.on('streamEvent', (event) => types.push(event.type));
    const message = await stream.finalMessage();
    expect(message.content[1]).toMatchObject({ type: 'tool_use', id: 'toolu_w', input });
    expect(message.stop_reason).toBe('tool_use');
    expect(types[0]).toBe('message_start');
    expect(types.filter((t) => t === 'content_block_delta').length).toBeGreaterThan(10);
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
  });

  it('never splits a character across two text deltas, as the API streams', async () => {
    const text = 'a😀b😀😀c'.repeat(5);
    server = await startScriptedServer({
      turns: [{ content: [{ type: 'text', text }], stream: { chunkSize: 2 } }],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const stream = client.messages.stream({ ...base, messages: hello });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'text', text });
    expect(deltas.length).toBeGreaterThan(10);
    // \p{Cs} in a u regex matches only a lone surrogate (a pair is one code point).
    expect(deltas.filter((delta) => /\p{Cs}/u.test(delta))).toEqual([]);
  });

  it('answers 429 with retry-after, which the client retries by itself', async () => {
    server = await startScriptedServer({
      turns: [
        { error: { status: 429, retryAfter: 0.01 } },
        { error: { status: 529, retryAfter: 0.01 } },
        { content: [{ type: 'text', text: 'ok' }] },
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });
    const message = await client.messages.create({ ...base, messages: hello });
    expect(message.content[0]).toMatchObject({ text: 'ok' });
    expect(server.requests).toHaveLength(3);
  });

  it('answers errors in the API shape, thrown as the SDK error classes', async () => {
    server = await startScriptedServer({
      turns: [{ error: { status: 400, message: 'bad thing' } }, { error: { status: 500 } }],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const first = client.messages.create({ ...base, messages: hello });
    await expect(first).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(first).rejects.toMatchObject({ error: { error: { message: 'bad thing' } } });
    await expect(client.messages.create({ ...base, messages: hello })).rejects.toBeInstanceOf(
      Anthropic.InternalServerError,
    );
  });

  it('sends an SSE error event that the SDK throws', async () => {
    server = await startScriptedServer({
      turns: [{ content: [{ type: 'text', text: 'partial answer' }], stream: { errorAfter: 3 } }],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const stream = await client.messages.create({ ...base, messages: hello, stream: true });
    const consume = async (): Promise<void> => {
      for await (const event of stream) void event;
    };
    await expect(consume()).rejects.toMatchObject({
      error: { error: { type: 'overloaded_error' } },
    });
  });

  it('cuts a stream mid-way without message_stop', async () => {
    server = await startScriptedServer({
      turns: [
        { content: [{ type: 'text', text: 'abcdefghij' }], stream: { cutAfter: 4, chunkSize: 2 } },
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const types: string[] = [];
    const consume = async (): Promise<void> => {
      const stream = await client.messages.create({ ...base, messages: hello, stream: true });
      for await (const event of stream) types.push(event.type);
    };
    await consume().catch(() => undefined);
    expect(types).not.toContain('message_stop');
  });

  it('answers 400 like the API when a tool_use has no tool_result in the next message', async () => {
    server = await startScriptedServer({ turns: [{ content: [{ type: 'text', text: 'never' }] }] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const messages: Anthropic.MessageParam[] = [
      ...hello,
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'a', input: {} },
          { type: 'tool_use', id: 'toolu_2', name: 'b', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
    ];
    const call = client.messages.create({ ...base, messages });
    await expect(call).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(call).rejects.toThrow(/toolu_2/);
    expect(server.pairingViolations).toHaveLength(1);
  });

  it('counts tokens roughly for count_tokens, without using a turn', async () => {
    server = await startScriptedServer({ turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const counted = await client.messages.countTokens({ model: 'claude-test', messages: hello });
    expect(counted.input_tokens).toBeGreaterThan(0);
    const message = await client.messages.create({ ...base, messages: hello });
    expect(message.content[0]).toMatchObject({ text: 'ok' });
  });

  it('chooses turns with a function of the request', async () => {
    server = await startScriptedServer({
      turns: (request) => ({
        content: [
          {
            type: 'text',
            text: `you said ${String((request.body.messages?.[0] as { content: string }).content)}`,
          },
        ],
      }),
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const message = await client.messages.create({ ...base, messages: hello });
    expect(message.content[0]).toMatchObject({ text: 'you said Hello' });
  });
});
