/**
 * Run by consumer.test.ts as an ES module and as CommonJS: the agent against a scripted 400 and a
 * stream cut mid-way, printing each error's class name, whether it is the consumer's own SDK
 * class, and its message. Both module systems must print the same.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Param, Tool, ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';

class Quotes {
  @Tool() price(@Param('symbol') symbol: string): string {
    return symbol;
  }
}

async function failure(run: (agent: ToolAgent) => Promise<unknown>, turns: never[]) {
  const server = await startScriptedServer({ turns });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  const agent = new ToolAgent({
    client,
    registry: new ToolRegistry().register(new Quotes()),
    model: 'claude-test',
  });
  try {
    await run(agent);
    return 'no error';
  } catch (error) {
    const e = error as Error;
    return {
      name: e.name,
      isConsumersBadRequest: e instanceof Anthropic.BadRequestError,
      isConsumersConnectionError: e instanceof Anthropic.APIConnectionError,
      message: e.message,
    };
  } finally {
    await server.close();
  }
}

async function drain(agent: ToolAgent): Promise<void> {
  for await (const event of agent.stream('hi')) void event;
}

async function main(): Promise<void> {
  const badRequest = [{ error: { status: 400, message: 'bad request' } }] as never[];
  const cut = [
    { content: [{ type: 'text', text: 'hello there' }], stream: { cutAfter: 2 } },
  ] as never[];
  const report = {
    run400: await failure((agent) => agent.run('hi'), badRequest),
    stream400: await failure(drain, badRequest),
    streamCut: await failure(drain, cut),
  };
  console.log(JSON.stringify(report));
}

void main();
