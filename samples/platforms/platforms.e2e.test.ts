/**
 * Where Claude runs: the stocks sample's agent on Amazon Bedrock and on Google Vertex AI, through
 * the official platform clients (`@anthropic-ai/bedrock-sdk`, `@anthropic-ai/vertex-sdk`) and the
 * platforms' model ids, offline against the testing kit's Bedrock and Vertex routes. The README's
 * "Where Claude runs" section is taken from here.
 */
import 'reflect-metadata';
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { OAuth2Client } from 'google-auth-library';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer, ScriptedTurn } from 'toolwright/testing';
import { manifest } from '../tools.manifest';
import { StockService } from '../stocks/StockService';

const turns: ScriptedTurn[] = [
  {
    content: [
      { type: 'tool_use', name: 'get_ticker_symbol', input: { companyName: 'General Motors' } },
    ],
  },
  { content: [{ type: 'tool_use', name: 'get_current_stock_price', input: { symbol: 'GM' } }] },
  { content: [{ type: 'text', text: 'General Motors trades at $38.50.' }] },
];

describe('the stocks agent where Claude runs', () => {
  const registry = new ToolRegistry({ manifest }).register(new StockService());
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer({ turns });
  });
  afterEach(async () => {
    await server.close();
  });

  it('runs on Amazon Bedrock', async () => {
    // In production: new AnthropicBedrock({ awsRegion: 'us-east-1' }) and the AWS credential chain.
    const client = new AnthropicBedrock({
      baseURL: server.url,
      awsRegion: 'us-east-1',
      awsAccessKey: 'test',
      awsSecretKey: 'test',
      apiKey: null,
      // Bedrock's InvokeModel documents this version; the SDK would send its own (see below).
      defaultHeaders: { 'anthropic-version': 'bedrock-2023-05-31' },
    });
    const agent = new ToolAgent({
      client,
      registry,
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const result = await agent.run('What is the current stock price of General Motors?');

    expect(result.status === 'completed' && result.finalText).toBe(
      'General Motors trades at $38.50.',
    );
    expect(server.requests.map((request) => request.path)).toEqual([
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke',
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke',
      '/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke',
    ]);
    expect(server.requests[0].body.anthropic_version).toBe('bedrock-2023-05-31');
  });

  it('runs on Vertex AI', async () => {
    // In production: new AnthropicVertex({ region: 'us-east5', projectId }) and Google's ADC.
    const client = new AnthropicVertex({
      baseURL: `${server.url}/v1`,
      region: 'us-east5',
      projectId: 'my-project',
      authClient: new OAuth2Client({ credentials: { access_token: 'test' } }),
      defaultHeaders: { 'anthropic-version': 'vertex-2023-10-16' },
    });
    const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-4-5@20250929' });
    const events: string[] = [];
    for await (const event of agent.stream('What is the current stock price of General Motors?')) {
      events.push(event.type);
    }

    expect(events.at(-1)).toBe('done');
    expect(server.requests[0].path).toBe(
      '/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict',
    );
    expect(server.requests[0].body.anthropic_version).toBe('vertex-2023-10-16');
  });
});
