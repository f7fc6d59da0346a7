/** The README's quick start: register the service with the manifest and run the agent. */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { StockService } from './StockService';
import { manifest } from './tools.manifest';

export async function main(): Promise<void> {
  const registry = new ToolRegistry({ manifest }).register(new StockService());
  const agent = new ToolAgent({ client: new Anthropic(), registry, model: 'claude-sonnet-4-5' });
  const { finalText } = await agent.run('What is the stock price of General Motors?');
  console.log(finalText);
}

if (require.main === module) void main();
