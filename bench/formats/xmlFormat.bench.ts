/**
 * Cost of the legacy XML format per turn: parsing a reply with several invokes (coerced by
 * schema), rendering the results block, and rendering the system prompt for five tools.
 */
import { parseXmlCalls } from '../../src/wire/xml/parseXmlCalls';
import type { ToolDescriptor } from '../../src/manifest/types';
import { buildXmlSystemPrompt } from '../../src/wire/xml/buildXmlSystemPrompt';
import { renderFunctionResults } from '../../src/wire/xml/renderFunctionResults';
import type { BenchResult } from '../types';

const tools: ToolDescriptor[] = Array.from({ length: 5 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}. Returns a string.`,
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'A name.' },
      count: { type: 'integer', minimum: 1, maximum: 99 },
      ratio: { type: 'number' },
      tags: { type: 'array', items: { type: 'string' } },
      address: {
        type: 'object',
        properties: { street: { type: 'string' }, zip: { type: 'integer' } },
        required: ['street'],
        additionalProperties: false,
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
}));

const reply =
  '<scratchpad>I will call every tool once.</scratchpad>\n<function_calls>\n' +
  tools
    .map(
      (tool) =>
        `<invoke>\n<tool_name>${tool.name}</tool_name>\n<parameters>\n<name>AT&amp;T</name>\n<count>7</count>\n<ratio>0.5</ratio>\n<tags>["a","b"]</tags>\n<address><street>Main</street><zip>12345</zip></address>\n</parameters>\n</invoke>\n`,
    )
    .join('');

function measure(iterations: number, work: () => void): number {
  for (let i = 0; i < Math.min(200, iterations); i++) work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) work();
  return Number(process.hrtime.bigint() - start) / 1000 / iterations;
}

/** Runs the three measurements; each target is per turn. */
export async function run(): Promise<BenchResult[]> {
  const parseUs = measure(5000, () => parseXmlCalls(reply, { tools, idPrefix: 'b' }));
  const results = tools.map((tool) => ({
    name: tool.name,
    content: 'x'.repeat(2000) + '</stdout>',
    isError: false,
  }));
  const renderUs = measure(5000, () => renderFunctionResults(results));
  const promptUs = measure(2000, () => buildXmlSystemPrompt(tools, 'Be brief.'));
  return [
    {
      name: 'xml: parse a reply of 5 invokes',
      figures: { 'µs/reply': parseUs.toFixed(1) },
      target: '< 500 µs',
      ok: parseUs < 500,
    },
    {
      name: 'xml: render 5 results of 2 KB',
      figures: { 'µs/turn': renderUs.toFixed(1) },
      target: '< 500 µs',
      ok: renderUs < 500,
    },
    {
      name: 'xml: system prompt for 5 tools',
      figures: { 'µs/prompt': promptUs.toFixed(1) },
      target: '< 1000 µs',
      ok: promptUs < 1000,
    },
  ];
}
