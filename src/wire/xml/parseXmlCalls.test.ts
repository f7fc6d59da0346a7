import fc from 'fast-check';
import { stockTools } from './__fixtures__/stockTools';
import type { ToolDescriptor } from '../../manifest/types';
import { parseXmlCalls } from './parseXmlCalls';
import { expectEqual } from '../../../test/expectEqual';

const tools: ToolDescriptor[] = [
  ...stockTools,
  {
    name: 'add',
    description: 'Adds a and b.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
  },
];

describe('parseXmlCalls', () => {
  it('normalizes several invokes, coercing values by schema, with generated ids', () => {
    const parsed = parseXmlCalls(
      `Thinking first.
<function_calls>
<invoke><tool_name>get_ticker_symbol</tool_name><parameters><company_name>AT&amp;T</company_name></parameters></invoke>
<invoke><tool_name>add</tool_name><parameters><a>7.5</a><b>-2</b></parameters></invoke>
<invoke><tool_name>launch_rockets</tool_name><parameters><count>3</count></parameters></invoke>
<invoke><tool_name>add</tool_name><parameters><a>1</parameters></invoke>
`,
      { tools, idPrefix: 't1_' },
    );
    expect(parsed.text).toBe('Thinking first.\n');
    expect(parsed.hasCalls).toBe(true);
    expect(parsed.calls).toEqual([
      { id: 't1_0', name: 'get_ticker_symbol', input: { company_name: 'AT&T' } },
      { id: 't1_1', name: 'add', input: { a: 7.5, b: -2 } },
    ]);
    expect(parsed.invalidCalls).toEqual([
      {
        id: 't1_2',
        name: 'launch_rockets',
        input: { count: '3' },
        error:
          'Unknown tool "launch_rockets". Available tools: get_current_stock_price, get_ticker_symbol, add.',
      },
      {
        id: 't1_3',
        name: 'add',
        input: '<invoke><tool_name>add</tool_name><parameters><a>1</parameters>',
        error: 'Parameter <a> of "add" is not closed; end it with </a>.',
      },
    ]);
  });

  it('generates ids that differ between replies', () => {
    const text =
      '<function_calls><invoke><tool_name>add</tool_name><parameters><a>1</a><b>2</b></parameters></invoke>';
    expect(parseXmlCalls(text).calls[0].id).not.toBe(parseXmlCalls(text).calls[0].id);
  });

  it('reports a reply without calls', () => {
    expect(parseXmlCalls('<answer>GM is at $38.50</answer>', { tools })).toEqual({
      text: '<answer>GM is at $38.50</answer>',
      hasCalls: false,
      calls: [],
      invalidCalls: [],
    });
  });

  it('never throws, and every invoke lands in one list under its own id (fuzz)', () => {
    const parts = fc.constantFrom(
      '<function_calls>',
      '<invoke>',
      '</invoke>',
      '<tool_name>add</tool_name>',
      '<tool_name>get_ticker_symbol</tool_name>',
      '<tool_name>x',
      '<parameters>',
      '</parameters>',
      '<a>',
      '</a>',
      '<b><i>1</i></b>',
      '<company_name>',
      '</company_name>',
      '7.5',
      '[1,',
      '{"a":1}',
      '&amp;',
      '<__proto__>',
      '</__proto__>',
    );
    fc.assert(
      fc.property(
        fc.array(parts, { maxLength: 30 }).map((p) => p.join('')),
        (text) => {
          const parsed = parseXmlCalls(text, { tools, idPrefix: 'f' });
          const count = (text.match(/<invoke>/g) ?? []).length;
          const all = [...parsed.calls, ...parsed.invalidCalls];
          expectEqual(all.length > 0, parsed.hasCalls);
          expect(all.length).toBeLessThanOrEqual(Math.max(count, 1));
          expectEqual(new Set(all.map((call) => call.id)).size, all.length);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
