/**
 * A sample bundled as an application is shipped: esbuild with minified names (see
 * bundled.test.ts), so every class is renamed and no decorator metadata is emitted. The
 * registry still joins each tool with its manifest entry (by tool name), and the tools run.
 * Prints one JSON line: the names the classes have in the bundle, the tools and some calls.
 */
import 'reflect-metadata';
import { ToolRegistry } from 'toolwright';
import { CalculatorService } from '../calculator/CalculatorService';
import { OrderService } from '../orders/OrderService';
import { manifest } from '../tools.manifest';
import { WeatherService } from '../weather/WeatherService';

async function main(): Promise<void> {
  const registry = new ToolRegistry({ manifest }).register(
    new CalculatorService(),
    new WeatherService(),
    new OrderService(),
  );
  const calls = {
    add: await registry.call('perform_addition', { a: 10, b: 12 }),
    badAdd: await registry.call('perform_addition', { a: 'ten', b: 12 }),
    order: await registry.call(
      'place_order',
      {
        email: 'ada@example.com',
        shipping: 'express',
        items: [{ sku: 'KB-1', quantity: 2 }],
      },
      { state: { userId: 'u1' } },
    ),
  };
  const classNames = [CalculatorService.name, WeatherService.name, OrderService.name];
  const tools = registry.list().map((tool) => `${tool.name}=${tool.target.class}`);
  process.stdout.write(JSON.stringify({ classNames, tools, calls }));
}

void main();
