/**
 * Strict tool use on the samples: `@Tool({ strict: true })` on tools whose DTOs carry lengths,
 * bounds, patterns, formats, optional fields and nested DTOs (issue_refund, place_order,
 * get_weather). What is sent is inside each provider's documented subset; the agent runs a turn
 * with them against the scripted server (which refuses a strict tool outside Claude's subset);
 * the registry still refuses what breaks a dropped bound; OpenAI's null arrives as absent.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import {
  strictInputSchema,
  toAnthropicTools,
  toOpenAITools,
  ToolAgent,
  ToolRegistry,
} from 'toolwright';
import { startScriptedServer, strictSubsetProblems } from 'toolwright/testing';
import { OrderService } from './orders/OrderService';
import { manifest } from './tools.manifest';
import { WeatherService } from './weather/WeatherService';

const STRICT = ['issue_refund', 'place_order', 'get_weather'];

/** The projection docs/agent.md shows ("Strict tool use", moved there from README.md). */
function shownInReadme(): string {
  const readme = readFileSync(join(__dirname, '..', 'docs', 'agent.md'), 'utf8');
  const shown = /<!-- output of: samples\/strict.e2e.test.ts -->\s*```text\n([\s\S]*?)```/.exec(
    readme,
  );
  return shown?.[1] ?? '';
}

describe('strict tools of the samples', () => {
  it('are marked strict in the manifest, and sent strict inside each provider subset', () => {
    expect(
      manifest.tools
        .filter((t) => t.options?.strict)
        .map((t) => t.name)
        .sort(),
    ).toEqual([...STRICT].sort());
    for (const tool of toAnthropicTools(manifest.tools).filter((t) => STRICT.includes(t.name))) {
      expect([tool.name, tool.strict]).toEqual([tool.name, true]);
      expect([tool.name, strictSubsetProblems(tool.input_schema, 'anthropic')]).toEqual([
        tool.name,
        [],
      ]);
    }
    for (const tool of toOpenAITools(manifest.tools).filter((t) =>
      STRICT.includes(t.function.name),
    )) {
      expect([tool.function.name, tool.function.strict]).toEqual([tool.function.name, true]);
      expect([
        tool.function.name,
        strictSubsetProblems(tool.function.parameters, 'openai'),
      ]).toEqual([tool.function.name, []]);
    }
  });

  it('every sample tool has a projection inside both subsets', () => {
    for (const tool of manifest.tools) {
      for (const provider of ['anthropic', 'openai'] as const) {
        const projection = strictInputSchema(tool.inputSchema, provider);
        expect([tool.name, provider, projection.strict]).toEqual([tool.name, provider, true]);
        if (projection.strict) {
          expect([tool.name, strictSubsetProblems(projection.schema, provider)]).toEqual([
            tool.name,
            [],
          ]);
        }
      }
    }
  });

  it('the dropped constraints reach the descriptions, as docs/agent.md shows', () => {
    const refund = toAnthropicTools(manifest.tools).find((t) => t.name === 'issue_refund')!;
    expect(`${JSON.stringify(refund.input_schema, null, 2)}\n`).toBe(shownInReadme());
  });

  it('the agent runs a turn with them; a call inside the grammar but over a dropped bound is refused with its path', async () => {
    const server = await startScriptedServer({
      turns: [
        {
          content: [
            {
              type: 'tool_use',
              id: 'toolu_1',
              name: 'place_order',
              input: {
                email: 'ada@example.com',
                shipping: 'express',
                items: [{ sku: 'KB-1', quantity: 120 }],
              },
            },
          ],
        },
        {
          content: [
            {
              type: 'tool_use',
              id: 'toolu_2',
              name: 'place_order',
              input: {
                email: 'ada@example.com',
                shipping: 'express',
                items: [{ sku: 'KB-1', quantity: 2 }],
              },
            },
            {
              type: 'tool_use',
              id: 'toolu_3',
              name: 'get_weather',
              input: { location: 'London, UK' },
            },
          ],
        },
        { content: [{ type: 'text', text: 'Ordered, and it is 52°F in London.' }] },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
      const registry = new ToolRegistry({ manifest }).register(
        new OrderService(),
        new WeatherService(),
      );
      const agent = new ToolAgent({
        client,
        registry,
        model: 'claude-sonnet-5-5',
        approve: () => true,
        context: { userId: 'u_1' },
      });
      const result = await agent.run(
        'Order two keyboards, express, and tell me the weather in London.',
      );
      expect(result.finalText).toBe('Ordered, and it is 52°F in London.');
      const sent = server.requests[0].body.tools as { name: string; strict?: boolean }[];
      expect(sent.map((t) => [t.name, t.strict])).toEqual([
        ['place_order', true],
        ['get_weather', true],
      ]);
      const [refused] = (
        server.requests[1].body.messages!.at(-1) as { content: Record<string, unknown>[] }
      ).content;
      expect(refused).toMatchObject({ tool_use_id: 'toolu_1', is_error: true });
      expect(String(refused.content)).toMatch(
        /^items\[0\]\.quantity: quantity must not be greater than 99$/m,
      );
      const answers = (
        server.requests[2].body.messages!.at(-1) as { content: Record<string, unknown>[] }
      ).content;
      expect(answers.map((a) => a.is_error ?? false)).toEqual([false, false]);
    } finally {
      await server.close();
    }
  });

  it('OpenAI strict: null for the optional unit arrives as absent, so its default applies', async () => {
    const registry = new ToolRegistry({ manifest }).register(new WeatherService());
    const [answer] = await registry.callOpenAI([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"location":"London, UK","unit":null}' },
      },
    ]);
    expect(JSON.parse(answer.content)).toMatchObject({ unit: 'fahrenheit', temperature: 52 });
  });
});
