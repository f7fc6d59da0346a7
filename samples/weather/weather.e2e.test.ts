/** The weather sample end to end: readings, the optional unit, and `LocationNotFound`. */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ToolAgent, ToolRegistry } from 'toolwright';
import type { AgentEvent } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import { manifest } from '../tools.manifest';
import { WeatherService } from './WeatherService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('weather sample', () => {
  const registry = new ToolRegistry({ manifest }).register(new WeatherService());

  it('reports the weather in Fahrenheit by default and in Celsius on request', async () => {
    const fahrenheit = await registry.call('get_weather', { location: 'san francisco, ca' });
    expect(JSON.parse(text(fahrenheit.content))).toEqual({
      location: 'San Francisco, CA',
      temperature: 61,
      unit: 'fahrenheit',
      conditions: 'fog clearing by noon',
    });
    const celsius = await registry.call('get_weather', { location: 'London, UK', unit: 'celsius' });
    expect(JSON.parse(text(celsius.content))).toMatchObject({ temperature: 11.1, unit: 'celsius' });
  });

  it('refuses a unit outside the enum', async () => {
    const outcome = await registry.call('get_weather', { location: 'London, UK', unit: 'kelvin' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toMatch(/^unit: /m);
  });

  it('answers LocationNotFound with the known places, so the model can retry', async () => {
    const outcome = await registry.call('get_weather', { location: 'Atlantis' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain(
      'LocationNotFound: no weather station for "Atlantis"; known: San Francisco, CA;',
    );
  });

  it('streams a conversation where the model recovers from LocationNotFound', async () => {
    const server = await startScriptedServer({
      turns: [
        { content: [{ type: 'tool_use', name: 'get_weather', input: { location: 'London' } }] },
        {
          content: [
            {
              type: 'tool_use',
              name: 'get_weather',
              input: { location: 'London, UK', unit: 'celsius' },
            },
          ],
        },
        { content: [{ type: 'text', text: 'It is 11.1 °C and overcast in London.' }] },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });
      const events: AgentEvent[] = [];
      for await (const event of agent.stream(
        'What is the weather like in London right now, in Celsius?',
      )) {
        events.push(event);
      }
      const results = events.filter(
        (e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result',
      );
      expect(results.map((e) => e.isError)).toEqual([true, false]);
      expect(text(results[0].content)).toContain(
        'LocationNotFound: no weather station for "London"',
      );
      expect(JSON.parse(text(results[1].content))).toMatchObject({
        temperature: 11.1,
        conditions: 'overcast',
      });
      const done = events.at(-1);
      expect(done?.type === 'done' && done.result.finalText).toBe(
        'It is 11.1 °C and overcast in London.',
      );
    } finally {
      await server.close();
    }
  });
});
