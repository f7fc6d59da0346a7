/**
 * The validation example of docs/validation.md, checked: the error text it shows is exactly what
 * the model receives, and a valid order reaches the method as DTO instances with the state.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Param, Tool, ToolDefinitionError, ToolRegistry } from 'toolwright';
import { manifest } from '../tools.manifest';
import { OrderService } from './OrderService';

/** The text blocks docs/validation.md says this test checks, in order. */
function shownInReadme(): string[] {
  const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'validation.md'), 'utf8');
  const pattern =
    /<!-- output of: samples\/orders\/orders.e2e.test.ts -->\s*```text\n([\s\S]*?)```/g;
  return [...readme.matchAll(pattern)].map((match) => match[1]);
}

describe('orders sample (the README example)', () => {
  const registry = new ToolRegistry({ manifest }).register(new OrderService());

  it('answers bad input with the lines docs/validation.md shows', async () => {
    const outcome = await registry.call('place_order', {
      email: 'not-an-email',
      shipping: 'overnight',
      items: [{ sku: 'KB-1', quantity: 120, colour: 'red' }],
    });
    expect(outcome.isError).toBe(true);
    expect(`${outcome.content}\n`).toBe(shownInReadme()[0]);
  });

  it('runs a valid order with the caller state', async () => {
    const outcome = await registry.call(
      'place_order',
      { email: 'ada@example.com', shipping: 'express', items: [{ sku: 'KB-1', quantity: 2 }] },
      { state: { userId: 'u_1' } },
    );
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(String(outcome.content))).toEqual({ placedBy: 'u_1', items: 1 });
  });

  it('throws the definition error docs/validation.md shows for an undecorated parameter', () => {
    class WeatherService {
      @Tool()
      forecast(@Param('city') city: string, days: number): string {
        return `${city}: ${days}`;
      }
    }
    expect(() => new ToolRegistry().register(new WeatherService())).toThrow(ToolDefinitionError);
    expect(() => new ToolRegistry().register(new WeatherService())).toThrow(
      shownInReadme()[1].trim(),
    );
  });
});
