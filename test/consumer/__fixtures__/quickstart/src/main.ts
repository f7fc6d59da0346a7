/** The README's quick start (run by quickstart.test.ts): register the service with the manifest and run the agent. */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { StockService } from './StockService';
import { manifest } from './tools.manifest';

async function main(): Promise<void> {
  const registry = new ToolRegistry({ manifest }).register(new StockService());
  const agent = new ToolAgent({ client: new Anthropic(), registry, model: 'claude-sonnet-5-5' });
  const { finalText } = await agent.run('What is the stock price of General Motors?');
  console.log(finalText);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
