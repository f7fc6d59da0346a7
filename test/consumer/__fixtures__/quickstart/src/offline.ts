import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import { StockService } from './StockService';
import { manifest } from './tools.manifest';

async function main(): Promise<void> {
  // A Messages API on loopback that plays the model: it asks for the tool, then answers.
  const server = await startScriptedServer({
    turns: [
      { content: [{ type: 'tool_use', name: 'get_current_stock_price', input: { symbol: 'GM' } }] },
      { content: [{ type: 'text', text: 'General Motors trades at $39.50.' }] },
    ],
  });
  try {
    const client = new Anthropic({ apiKey: 'offline', baseURL: server.url });
    const registry = new ToolRegistry({ manifest }).register(new StockService());
    const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });
    const { finalText } = await agent.run('What is the stock price of General Motors?');
    console.log(finalText);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
