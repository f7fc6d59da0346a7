/**
 * The scripted server speaks Amazon Bedrock and Vertex AI from the same turns as the Messages API:
 * the real `@anthropic-ai/bedrock-sdk` (SigV4-signed, AWS event stream) and
 * `@anthropic-ai/vertex-sdk` (OAuth, `rawPredict` / `streamRawPredict`) clients against it.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { startScriptedServer } from './startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from './types';
import { PLATFORM_MODELS, bedrockClient, vertexClient } from './__fixtures__/platformClients';

const hello: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Oslo?' }];
const toolTurn: ScriptedTurn = {
  content: [
    { type: 'text', text: 'Checking.' },
    { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } },
  ],
  stream: { chunkSize: 3 },
};

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const platforms = [
  ['bedrock', bedrockClient, PLATFORM_MODELS.bedrock],
  ['vertex', vertexClient, PLATFORM_MODELS.vertex],
] as const;

describe.each(platforms)('the scripted server as %s', (platform, makeClient, model) => {
  const base = { model, max_tokens: 100, messages: hello };

  it('answers a plain request on the platform route, with the model from the path', async () => {
    server = await startScriptedServer({ turns: [toolTurn] });
    const message = await makeClient(server.url).messages.create(base);
    expect(message.content[1]).toEqual({
      type: 'tool_use',
      id: 'toolu_1',
      name: 'get_weather',
      input: { city: 'Oslo' },
    });
    expect(message.model).toBe(model);
    const [request] = server.requests;
    expect(request).toMatchObject({ platform, model });
    expect(request.body.model).toBeUndefined();
    expect(request.body.messages).toEqual(hello);
    expect(request.path).toBe(
      platform === 'bedrock'
        ? `/model/${model}/invoke`
        : `/v1/projects/test-project/locations/us-east5/publishers/anthropic/models/${model}:rawPredict`,
    );
    expect(request.headers.authorization).toMatch(
      platform === 'bedrock'
        ? /^AWS4-HMAC-SHA256 Credential=AKIDTESTTESTTEST\//
        : /^Bearer test-token$/,
    );
  });

  it('streams the same turn in the platform framing, which the SDK assembles into the same message', async () => {
    server = await startScriptedServer({ turns: [toolTurn] });
    const stream = makeClient(server.url).messages.stream(base);
    const types: string[] = [];
    stream.on('streamEvent', (event) => types.push(event.type));
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: 'text', text: 'Checking.', citations: null },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(types.filter((type) => type === 'content_block_delta').length).toBeGreaterThan(5);
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(server.requests[0].path).toMatch(
      platform === 'bedrock' ? /\/invoke-with-response-stream$/ : /:streamRawPredict$/,
    );
  });

  it('puts the API version in the body, as the SDK copies its header, or as the client sets it', async () => {
    server = await startScriptedServer({ turns: [toolTurn, toolTurn] });
    await makeClient(server.url).messages.create(base);
    const documented = platform === 'bedrock' ? 'bedrock-2023-05-31' : 'vertex-2023-10-16';
    const pinned = makeClient(server.url, { defaultHeaders: { 'anthropic-version': documented } });
    await pinned.messages.create(base);
    expect(server.requests.map((request) => request.body.anthropic_version)).toEqual([
      '2026-10-21',
      documented,
    ]);
    expect(server.requests.map((request) => request.headers['anthropic-version'])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('answers a scripted error in the platform shape, which the SDK retries and raises by status', async () => {
    server = await startScriptedServer({
      turns: [
        { error: { status: 429, retryAfter: 0.01 } },
        { error: { status: 400, message: 'messages: too long' } },
      ],
    });
    const error = await makeClient(server.url)
      .messages.create(base)
      .then(
        () => undefined,
        (failure: unknown) => failure as { status?: number; message?: string },
      );
    expect(error?.status).toBe(400);
    expect(error?.message).toContain('messages: too long');
    expect(server.requests).toHaveLength(2);
  });

  it("ends a stream with the platform's error (a Bedrock exception frame, an SSE error event), which the SDK raises", async () => {
    server = await startScriptedServer({
      turns: [
        {
          ...toolTurn,
          stream: { errorAfter: 4, error: { type: 'overloaded_error', message: 'Overloaded' } },
        },
      ],
    });
    const stream = makeClient(server.url, { maxRetries: 0 }).messages.stream(base);
    await expect(stream.finalMessage()).rejects.toThrow(
      platform === 'bedrock' ? /serviceUnavailableException/ : /overloaded_error/,
    );
  });

  it('refuses a request that breaks the pairing rule, in the platform shape', async () => {
    server = await startScriptedServer({ turns: [toolTurn] });
    const broken: Anthropic.MessageParam[] = [
      ...hello,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_x', name: 'get_weather', input: {} }],
      },
      { role: 'user', content: 'No result.' },
    ];
    await expect(
      makeClient(server.url, { maxRetries: 0 }).messages.create({ ...base, messages: broken }),
    ).rejects.toMatchObject({ status: 400 });
    expect(server.pairingViolations).toHaveLength(1);
  });
});

describe('the platform error shapes', () => {
  it('Bedrock names the exception in x-amzn-errortype; Vertex answers quota errors as Google does', async () => {
    server = await startScriptedServer({
      turns: [{ error: { status: 429 } }, { error: { status: 429 } }],
    });
    const bedrock = await fetch(`${server.url}/model/m/invoke`, {
      method: 'POST',
      body: JSON.stringify({ anthropic_version: 'bedrock-2023-05-31', messages: [] }),
    });
    expect(bedrock.headers.get('x-amzn-errortype')).toBe('ThrottlingException');
    expect(await bedrock.json()).toEqual({ message: 'scripted 429' });
    const vertex = await fetch(
      `${server.url}/v1/projects/p/locations/l/publishers/anthropic/models/m:rawPredict`,
      {
        method: 'POST',
        body: JSON.stringify({ anthropic_version: 'vertex-2023-10-16', messages: [] }),
      },
    );
    expect(await vertex.json()).toEqual({
      error: { code: 429, message: 'scripted 429', status: 'RESOURCE_EXHAUSTED' },
    });
  });

  it('refuses a platform request without anthropic_version, as the platforms require it', async () => {
    server = await startScriptedServer({ turns: [] });
    const response = await fetch(`${server.url}/model/m/invoke`, {
      method: 'POST',
      body: JSON.stringify({ max_tokens: 1, messages: [] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'anthropic_version: field required' });
  });
});
