/**
 * The calculator sample end to end: its definitions, direct calls, and the seed's fruit
 * question run by `ToolAgent` with the real SDK client against the scripted server.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import { manifest } from '../tools.manifest';
import { CalculatorService } from './CalculatorService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('calculator sample', () => {
  const registry = new ToolRegistry({ manifest }).register(new CalculatorService());

  it('defines perform_addition and perform_subtraction with two required numbers', () => {
    const tools = registry.toAnthropic();
    expect(tools.map((tool) => tool.name)).toEqual(['perform_addition', 'perform_subtraction']);
    for (const tool of tools) {
      expect(tool.input_schema).toMatchObject({
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      });
    }
  });

  it('adds and subtracts', async () => {
    expect(await registry.call('perform_addition', { a: 9, b: 1 })).toEqual({
      content: '10',
      isError: false,
    });
    expect(await registry.call('perform_subtraction', { a: 6, b: 4 })).toEqual({
      content: '2',
      isError: false,
    });
  });

  it('tells the model which parameter is missing, as the seed does', async () => {
    const outcome = await registry.call('perform_subtraction', { a: 3 });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('perform_subtraction');
    expect(text(outcome.content)).toMatch(/^b: /m);
  });

  it("answers the seed's fruit question, correcting a call that missed a parameter", async () => {
    const server = await startScriptedServer({
      turns: [
        { content: [{ type: 'tool_use', name: 'perform_subtraction', input: { a: 17 } }] },
        { content: [{ type: 'tool_use', name: 'perform_subtraction', input: { a: 17, b: 9 } }] },
        { content: [{ type: 'tool_use', name: 'perform_addition', input: { a: 8, b: 6 } }] },
        {
          content: [{ type: 'text', text: 'At the end of the day Sally has 14 pieces of fruit.' }],
        },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });
      const result = await agent.run(
        'Sally has 17 apples. She gives 9 to Jim. Later that day, Peter gives 6 Bananas to Sally. ' +
          'How many pieces of fruit does Sally have at the end of the day?',
      );
      expect(result.finalText).toBe('At the end of the day Sally has 14 pieces of fruit.');
      const sent = (index: number) => {
        const last = (server.requests[index].body.messages as MessageParam[]).at(-1)!.content;
        return (last as { type: string; content?: unknown; is_error?: boolean }[]).find(
          (b) => b.type === 'tool_result',
        )!;
      };
      expect(sent(1).is_error).toBe(true);
      expect(text(sent(1).content)).toContain('perform_subtraction');
      expect(text(sent(1).content)).toMatch(/b: /);
      expect(sent(2)).toMatchObject({ content: '8' });
      expect(sent(3)).toMatchObject({ content: '14' });
    } finally {
      await server.close();
    }
  });
});
