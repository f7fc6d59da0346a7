/**
 * toolwright tools inside LangChain.js, driven by LangChain's own offline fake chat model
 * (`fakeModel()` from `@langchain/core/testing`, with `bindTools`): a valid call runs the method,
 * an invalid one answers the model with the registry's path-level error (`ToolMessage`,
 * `status: 'error'`) and is listed in `invalid_tool_calls` by `checkToolCalls`, and an abort
 * stops the tool.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { checkToolCalls } from './checkToolCalls';
import { toLangChainTools } from './toLangChainTools';

function setup() {
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  const tools = toLangChainTools(registry);
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  return { shop, registry, tools, byName };
}

describe('toLangChainTools', () => {
  it('binds each tool with its JSON Schema, and a valid call runs the method', async () => {
    const { shop, tools, byName } = setup();
    const model = fakeModel()
      .respondWithTools([{ name: 'get_weather', args: { city: 'Oslo' }, id: 'c1' }])
      .respond(new AIMessage('Sunny in Oslo.'));
    const bound = model.bindTools(tools);
    const messages: BaseMessage[] = [new HumanMessage('Weather in Oslo?')];
    const reply = await bound.invoke(messages);
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) messages.push(await byName[call.name].invoke(call));
    const final = await bound.invoke(messages);

    expect(final.content).toBe('Sunny in Oslo.');
    expect(shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    const answer = messages[2] as ToolMessage;
    expect(answer).toBeInstanceOf(ToolMessage);
    expect(answer).toMatchObject({
      tool_call_id: 'c1',
      status: 'success',
      content: 'Sunny in Oslo',
    });
    // What a chat model's bindTools sends: LangChain's own conversion of the tool.
    expect(convertToOpenAITool(byName.get_weather).function).toEqual({
      name: 'get_weather',
      description: 'Gets the weather for a city.',
      parameters: expect.objectContaining({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      }),
    });
  });

  it('answers an invalid call with the path-level error, and checkToolCalls lists it as invalid', async () => {
    const { shop, registry, tools, byName } = setup();
    const model = fakeModel().respondWithTools([
      { name: 'add', args: { a: 2, b: 'three' }, id: 'c1' },
      { name: 'add', args: { a: 2, b: 3 }, id: 'c2' },
    ]);
    const reply = await model.bindTools(tools).invoke([new HumanMessage('2 + three, and 2 + 3?')]);

    const sorted = await checkToolCalls(registry, reply);
    expect(sorted.tool_calls.map((call) => call.id)).toEqual(['c2']);
    expect(sorted.invalid_tool_calls).toEqual([
      {
        type: 'invalid_tool_call',
        id: 'c1',
        name: 'add',
        args: '{"a":2,"b":"three"}',
        error: expect.stringMatching(/^Invalid input for tool "add"[\s\S]*^b: /m),
      },
    ]);
    expect(shop.log).toEqual([]);

    const answer = (await byName.add.invoke(reply.tool_calls![0])) as ToolMessage;
    expect(answer).toMatchObject({ tool_call_id: 'c1', status: 'error' });
    expect(answer.content).toBe(sorted.invalid_tool_calls[0].error);
    expect(shop.log).toEqual([]);
    await expect(byName.add.invoke({ a: 2, b: 'three' })).rejects.toThrow(
      /^Invalid input for tool "add"/,
    );
  });

  it('lists a call of an unknown tool as invalid, naming it and the tools there are', async () => {
    const { registry, tools, shop } = setup();
    const model = fakeModel().respondWithTools([
      { name: 'get_wether', args: { city: 'Oslo' }, id: 'c1' },
      { name: 'get_weather', args: { city: 'Oslo' }, id: 'c2' },
    ]);
    const reply = await model.bindTools(tools).invoke([new HumanMessage('Weather in Oslo?')]);

    const sorted = await checkToolCalls(registry, reply);
    expect(sorted.tool_calls.map((call) => call.id)).toEqual(['c2']);
    expect(sorted.invalid_tool_calls).toEqual([
      {
        type: 'invalid_tool_call',
        id: 'c1',
        name: 'get_wether',
        args: '{"city":"Oslo"}',
        error: expect.stringMatching(
          /^Unknown tool "get_wether"\. Available tools: get_weather, add\b/,
        ),
      },
    ]);
    expect(shop.log).toEqual([]);
  });

  it('stops the tool when the run is aborted', async () => {
    const { shop, byName } = setup();
    const controller = new AbortController();
    shop.hooks = { started: () => controller.abort() };
    const answer = await byName.work
      .invoke(
        { name: 'work', args: { job: 'a' }, id: 'w1', type: 'tool_call' },
        { signal: controller.signal },
      )
      .catch((error: unknown) => error);
    expect(shop.aborted).toEqual(['a']);
    expect(answer).toMatchObject({ tool_call_id: 'w1', status: 'error' });
  });
});
