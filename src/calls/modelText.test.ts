/**
 * The texts the model reads when a call is not dispatched, where every path (the registry, the
 * wire parsers, MCP, the adapters) gets them: here, the unknown tool's list of names in an agent
 * with more tools than the text lists.
 */
import { unknownToolText } from './modelText';

/** 1,000 registered tools, as a large agent has them: `tool_0` … `tool_996`, then the three below. */
const MANY = [
  ...Array.from({ length: 997 }, (_, i) => `tool_${i}`),
  'get_weather',
  'get_weather_alerts',
  'set_reminder',
];

describe('unknownToolText', () => {
  it('lists, of 1,000 tools, the ten nearest the misspelt name, its own tool first', () => {
    const text = unknownToolText('get_wether', MANY, 2_000);
    const [, listed = ''] = /\(the 10 nearest\): (.*) and 990 more\.$/.exec(text) ?? [];
    const names = listed.split(', ');
    expect(text).toMatch(/^Unknown tool "get_wether"\. Available tools \(the 10 nearest\): /);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('get_weather');
    expect(names).toContain('get_weather_alerts');
  });

  it('lists a short registry whole, in its own order', () => {
    expect(unknownToolText('get_wether', ['quote', 'get_weather'], 2_000)).toBe(
      'Unknown tool "get_wether". Available tools: quote, get_weather.',
    );
  });

  it('answers a name that is not a string', () => {
    expect(unknownToolText(42, MANY, 2_000)).toMatch(
      /^Unknown tool "42"\. Available tools \(the 10 nearest\): /,
    );
  });
});
