/**
 * Run by stocks.test.ts in four consumer projects (tsc ESM NodeNext, tsc CommonJS, tsx, Vitest)
 * beside a copy of `samples/stocks` and its manifest generated there by `toolwright codegen`:
 * the legacy page's conversation, bad input, and the SDK's errors, as one JSON-able report that
 * must come out the same from all four.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedError, ScriptedReply } from 'toolwright/testing';
import { StockService } from './StockService.js';
import { manifest } from './tools.manifest.js';

type Turn = ScriptedReply | ScriptedError;

const registry = new ToolRegistry({ manifest }).register(new StockService());

/** Runs `use` on an agent talking to a scripted server; returns what it sent and what it got. */
async function withAgent<T>(turns: Turn[], use: (agent: ToolAgent) => Promise<T>) {
  const server = await startScriptedServer({ turns });
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
  const agent = new ToolAgent({ client, registry, model: 'claude-test' });
  try {
    const outcome = await use(agent);
    const sent = server.requests.map((request) => {
      const messages = request.body.messages as Array<{ content: unknown }>;
      const last = messages.at(-1)?.content;
      return Array.isArray(last)
        ? last.filter((b: { type: string }) => b.type === 'tool_result')
        : [];
    });
    return { outcome, toolResultsSent: sent.filter((results) => results.length > 0) };
  } finally {
    await server.close();
  }
}

/** The class, message and SDK class membership (of the consumer's own SDK) of what `use` throws. */
async function failure(turns: Turn[], use: (agent: ToolAgent) => Promise<unknown>) {
  try {
    await withAgent(turns, use);
    return 'no error';
  } catch (error) {
    const e = error as Error;
    return {
      name: e.name,
      message: e.message,
      isConsumersBadRequest: e instanceof Anthropic.BadRequestError,
      isConsumersConnectionError: e instanceof Anthropic.APIConnectionError,
    };
  }
}

async function drain(agent: ToolAgent): Promise<void> {
  for await (const event of agent.stream('hi')) void event;
}

const toolUse = (name: string, input: Record<string, unknown>): ScriptedReply => ({
  content: [{ type: 'tool_use', name, input }],
});

/** The whole report. */
export async function stockReport(): Promise<Record<string, unknown>> {
  const conversation = await withAgent(
    [
      toolUse('get_ticker_symbol', { companyName: 'General Motors' }),
      toolUse('get_current_stock_price', { symbol: 'GM' }),
      { content: [{ type: 'text', text: 'The current stock price of General Motors is $38.50.' }] },
    ],
    async (agent) => {
      const result = await agent.run('What is the current stock price of General Motors?');
      return { finalText: result.finalText, stopReason: result.stopReason };
    },
  );
  const tickerNotFound = await withAgent(
    [
      toolUse('get_ticker_symbol', { companyName: 'Acme Widgets' }),
      { content: [{ type: 'text', text: 'Unknown.' }] },
    ],
    (agent) => agent.run('What is the stock price of Acme Widgets?').then((r) => r.finalText),
  );
  const badCalls = {
    wrongType: await registry.call('get_ticker_symbol', { companyName: 42 }),
    missing: await registry.call('get_current_stock_price', {}),
    unknownProperty: await registry.call('get_current_stock_price', {
      symbol: 'GM',
      exchange: 'NYSE',
    }),
    unknownTool: await registry.call('get_dividend', { symbol: 'GM' }),
    invalidJson: await registry.call('get_current_stock_price', '{"symbol": '),
    toolError: await registry.call('get_current_stock_price', { symbol: 'XYZ' }),
  };
  let withoutManifest: unknown = 'registered';
  try {
    new ToolRegistry().register(new StockService());
  } catch (error) {
    withoutManifest = { name: (error as Error).name, message: (error as Error).message };
  }
  const badRequest: Turn[] = [{ error: { status: 400, message: 'bad request' } }];
  const cut: Turn[] = [
    { content: [{ type: 'text', text: 'hello there' }], stream: { cutAfter: 2 } },
  ];
  const sdkErrors = {
    run400: await failure(badRequest, (agent) => agent.run('hi')),
    stream400: await failure(badRequest, drain),
    streamCut: await failure(cut, drain),
  };
  return {
    // tsc emits `design:paramtypes`; tsx, esbuild and Vitest do not (the manifest stands in).
    decoratorMetadata:
      Reflect.getMetadata('design:paramtypes', StockService.prototype, 'getTickerSymbol') !==
      undefined,
    definitions: registry.toAnthropic(),
    conversation,
    tickerNotFound,
    badCalls,
    withoutManifest,
    sdkErrors,
  };
}
