import { stockTools } from '../xml/__fixtures__/stockTools';
import { parseOpenAICalls } from './parseOpenAICalls';

describe('parseOpenAICalls', () => {
  it('parses JSON arguments and keeps malformed calls apart with the raw arguments', () => {
    const parsed = parseOpenAICalls(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_ticker_symbol', arguments: '{"company_name": "GM"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'get_current_stock_price', arguments: '{"symbol": "G' },
          },
          { id: 'call_3', type: 'function', function: { name: 'nope', arguments: '{}' } },
          {
            id: 'call_4',
            type: 'function',
            function: { name: 'get_current_stock_price', arguments: '[1]' },
          },
          {
            id: 'call_5',
            type: 'custom',
            function: { name: 'get_current_stock_price', arguments: '{}' },
          },
        ],
      },
      { tools: stockTools },
    );
    expect(parsed.calls).toEqual([
      { id: 'call_1', name: 'get_ticker_symbol', input: { company_name: 'GM' } },
    ]);
    expect(parsed.invalidCalls.map((call) => [call.id, call.input])).toEqual([
      ['call_2', '{"symbol": "G'],
      ['call_3', '{}'],
      ['call_4', '[1]'],
      ['call_5', '{}'],
    ]);
    expect(parsed.invalidCalls[0].error).toMatch(
      /^Invalid arguments for tool "get_current_stock_price": not valid JSON \(.+\)\. Send the arguments as one complete JSON object\.$/,
    );
    expect(parsed.invalidCalls[1].error).toBe(
      'Unknown tool "nope". Available tools: get_current_stock_price, get_ticker_symbol.',
    );
    expect(parsed.invalidCalls[2].error).toBe(
      'Invalid arguments for tool "get_current_stock_price": the arguments must be a JSON object.',
    );
    expect(parsed.invalidCalls[3].error).toContain('only function calls can run');
  });

  it('takes arguments a client already parsed into an object, and refuses any other parsed value', () => {
    const call = (id: string, args: unknown) => ({
      id,
      type: 'function' as const,
      function: { name: 'get_ticker_symbol', arguments: args as string },
    });
    const parsed = parseOpenAICalls(
      {
        tool_calls: [
          call('a', { company_name: 'GM' }),
          call('b', ['GM']),
          call('c', null),
          call('d', 7),
        ],
      },
      { tools: stockTools },
    );
    expect(parsed.calls).toEqual([
      { id: 'a', name: 'get_ticker_symbol', input: { company_name: 'GM' } },
    ]);
    const refused =
      'Invalid arguments for tool "get_ticker_symbol": the arguments must be a JSON object.';
    expect(parsed.invalidCalls).toEqual([
      { id: 'b', name: 'get_ticker_symbol', input: ['GM'], error: refused },
      { id: 'c', name: 'get_ticker_symbol', input: null, error: refused },
      { id: 'd', name: 'get_ticker_symbol', input: 7, error: refused },
    ]);
  });

  it('reads empty arguments as an empty object, and a message without calls as none', () => {
    expect(
      parseOpenAICalls({ tool_calls: [{ id: 'c', function: { name: 'x', arguments: '' } }] }).calls,
    ).toEqual([{ id: 'c', name: 'x', input: {} }]);
    expect(parseOpenAICalls({ content: 'hi', tool_calls: null })).toEqual({
      calls: [],
      invalidCalls: [],
    });
  });
});
