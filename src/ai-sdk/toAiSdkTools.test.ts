/**
 * toolwright tools inside the Vercel AI SDK, driven by the SDK's own offline test model
 * (`MockLanguageModelV3` from `ai/test`) through `generateText`: a valid call runs the method, an
 * invalid one sends the registry's path-level error back to the model, approvals go through the
 * SDK's approval step, and an abort or a time limit stops the tool.
 */
import { generateText, stepCountIs } from 'ai';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { toAiSdkTools } from './toAiSdkTools';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A model turn calling tools. */
const calls = (...list: { id: string; name: string; input: Record<string, unknown> }[]) => ({
  content: list.map((call) => ({
    type: 'tool-call' as const,
    toolCallId: call.id,
    toolName: call.name,
    input: JSON.stringify(call.input),
  })),
  finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' },
  usage,
  warnings: [],
});

/** A model turn answering in text. */
const say = (text: string) => ({
  content: [{ type: 'text' as const, text }],
  finishReason: { unified: 'stop' as const, raw: 'end_turn' },
  usage,
  warnings: [],
});

/** The tool results the model was sent in its call `index`. */
function toolResults(model: MockLanguageModelV3, index: number): unknown[] {
  return model.doGenerateCalls[index].prompt
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content as unknown[]);
}

function setup() {
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  return { shop, registry, tools: toAiSdkTools(registry) };
}

describe('toAiSdkTools', () => {
  it('shows each tool with its JSON Schema, and a valid call runs the method', async () => {
    const { shop, tools } = setup();
    const model = new MockLanguageModelV3({
      doGenerate: [
        calls({ id: 'c1', name: 'get_weather', input: { city: 'Oslo' } }),
        say('Sunny in Oslo.'),
      ],
    });
    const result = await generateText({
      model,
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'Weather in Oslo?',
    });
    expect(result.text).toBe('Sunny in Oslo.');
    expect(shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    const shown = model.doGenerateCalls[0].tools?.find((t) => t.name === 'get_weather');
    expect(shown).toMatchObject({
      type: 'function',
      description: 'Gets the weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(toolResults(model, 1)).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        toolCallId: 'c1',
        output: { type: 'text', value: 'Sunny in Oslo' },
      }),
    ]);
  });

  it('sends an invalid call back to the model with the path-level error, running nothing', async () => {
    const { shop, tools } = setup();
    const model = new MockLanguageModelV3({
      doGenerate: [
        calls({ id: 'c1', name: 'add', input: { a: 2, b: 'three' } }),
        say('Let me fix that.'),
      ],
    });
    await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: '2 + three?' });
    expect(shop.log).toEqual([]);
    const [result] = toolResults(model, 1) as { output: { type: string; value: string } }[];
    expect(result.output.type).toBe('error-text');
    expect(result.output.value).toMatch(/^Invalid input for tool "add"/);
    expect(result.output.value).toMatch(/^b: /m);
  });

  it("asks for approval through the SDK's approval step, and runs the call once approved", async () => {
    const { shop, tools } = setup();
    const model = new MockLanguageModelV3({
      doGenerate: [
        calls({ id: 'r1', name: 'refund', input: { orderId: 'o-9', amount: 900 } }),
        say('Refunded.'),
      ],
    });
    const first = await generateText({
      model,
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'Refund o-9',
    });
    expect(shop.log).toEqual([]);

    // docs/platforms.md's AI SDK approval answer is taken from here.
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Refund o-9' },
      ...first.response.messages,
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: request!.approvalId, approved: true },
        ],
      },
    ];
    const second = await generateText({ model, tools, stopWhen: stepCountIs(3), messages });
    expect(request).toMatchObject({ toolCall: { toolName: 'refund', toolCallId: 'r1' } });
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o-9', 900] }]);
    expect(second.text).toBe('Refunded.');
  });

  it("stops the tool when the SDK's abort signal fires", async () => {
    const { shop, tools } = setup();
    const controller = new AbortController();
    shop.hooks = { started: () => controller.abort() };
    const model = new MockLanguageModelV3({
      doGenerate: [calls({ id: 'w1', name: 'work', input: { job: 'a' } }), say('Done.')],
    });
    await expect(
      generateText({
        model,
        tools,
        stopWhen: stepCountIs(3),
        prompt: 'Work',
        abortSignal: controller.signal,
      }),
    ).rejects.toThrow();
    expect(shop.aborted).toEqual(['a']);
  });

  it("holds the tool's time limit and tells the model", async () => {
    const { shop, tools } = setup();
    const model = new MockLanguageModelV3({
      doGenerate: [calls({ id: 'h1', name: 'hang', input: { what: 'x' } }), say('It timed out.')],
    });
    await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'Hang' });
    expect(shop.aborted).toEqual(['hang:x']);
    const [result] = toolResults(model, 1) as { output: { type: string; value: string } }[];
    expect(result.output).toMatchObject({
      type: 'error-text',
      value: expect.stringMatching(/50 ?ms/),
    });
  });
});
