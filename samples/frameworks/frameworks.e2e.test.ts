/**
 * Other frameworks: the stocks sample's tools inside the Vercel AI SDK and LangChain.js, each
 * driven by its framework's own offline test model. The README's "Other frameworks" section is
 * taken from here.
 */
import 'reflect-metadata';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ToolRegistry } from 'toolwright';
import { toAiSdkTools } from 'toolwright/ai-sdk';
import { checkToolCalls, toLangChainTools } from 'toolwright/langchain';
import { manifest } from '../tools.manifest';
import { StockService } from '../stocks/StockService';

describe('the stocks tools in other frameworks', () => {
  const registry = new ToolRegistry({ manifest }).register(new StockService());

  it('run in the Vercel AI SDK', async () => {
    // The SDK's offline test model, scripted step by step (token counts are made up).
    // In production: anthropic('claude-sonnet-5-5') from @ai-sdk/anthropic, or any provider.
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'get_current_stock_price',
              input: '{"symbol":"GM"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'GM trades at $38.50.' }],
          finishReason: { unified: 'stop', raw: 'end_turn' },
          usage,
          warnings: [],
        },
      ],
    });
    const { text, steps } = await generateText({
      model,
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(5),
      prompt: 'What is General Motors trading at?',
    });

    expect(text).toBe('GM trades at $38.50.');
    expect(steps[0].toolResults[0]).toMatchObject({
      toolName: 'get_current_stock_price',
      output: '38.5',
    });
  });

  it('run in LangChain.js', async () => {
    // In production: new ChatAnthropic({ model: 'claude-sonnet-5-5' }) from @langchain/anthropic.
    const chatModel = fakeModel()
      .respondWithTools([{ name: 'get_current_stock_price', args: { symbol: 'GM' }, id: 'c1' }])
      .respond(new AIMessage('GM trades at $38.50.'));
    const tools = toLangChainTools(registry);
    const model = chatModel.bindTools(tools);
    const messages: BaseMessage[] = [new HumanMessage('What is General Motors trading at?')];
    const reply = await model.invoke(messages);
    messages.push(reply);
    const { tool_calls, invalid_tool_calls } = await checkToolCalls(registry, reply);
    for (const call of tool_calls) {
      const tool = tools.find((candidate) => candidate.name === call.name)!;
      messages.push(await tool.invoke(call));
    }
    for (const call of invalid_tool_calls) {
      messages.push(
        new ToolMessage({ tool_call_id: call.id!, content: call.error!, status: 'error' }),
      );
    }
    const final = await model.invoke(messages);

    expect(invalid_tool_calls).toEqual([]);
    expect(messages[2]).toMatchObject({ tool_call_id: 'c1', status: 'success', content: '38.5' });
    expect(final.content).toBe('GM trades at $38.50.');
  });
});
