/** The weather sample end to end: readings, the optional unit, and `LocationNotFound`. */
import 'reflect-metadata';
import { ToolRegistry } from 'toolwright';
import { WeatherService } from './WeatherService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('weather sample', () => {
  const registry = new ToolRegistry().register(new WeatherService());

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
});
