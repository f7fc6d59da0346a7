import fc from 'fast-check';
import { parseFunctionCalls } from './parseFunctionCalls';
import { stringValueOf } from './parseXmlFragment';
import { hasLoneSurrogate } from '../../text/cutAtCodePoint';

const SEED_REPLY = `<scratchpad>
To answer this question, I will need to:
1. Get the ticker symbol for General Motors using the get_ticker_symbol() function.
2. Use the returned ticker symbol to get the current stock price using the get_current_stock_price() function.
</scratchpad>

<function_calls>
<invoke>
<tool_name>get_ticker_symbol</tool_name>
<parameters>
<company_name>General Motors</company_name>
</parameters>
</invoke>
`;

function values(
  text: string,
): Array<{ name: string; params: Record<string, string[]>; error?: string }> {
  return parseFunctionCalls(text).invokes.map((invoke) => ({
    name: invoke.name,
    params: Object.fromEntries(
      [...invoke.parameters].map(([key, els]) => [key, els.map(stringValueOf)]),
    ),
    ...(invoke.error ? { error: invoke.error } : {}),
  }));
}

describe('parseFunctionCalls', () => {
  it("reads the page's example: scratchpad before, closing </function_calls> swallowed by the stop sequence", () => {
    const parsed = parseFunctionCalls(SEED_REPLY);
    expect(parsed.hasCalls).toBe(true);
    expect(parsed.text).toContain('<scratchpad>');
    expect(values(SEED_REPLY)).toEqual([
      { name: 'get_ticker_symbol', params: { company_name: ['General Motors'] } },
    ]);
  });

  it('reads several invokes in one block, with the closing tag present', () => {
    const text = `Let me look both up.
<function_calls>
<invoke>
<tool_name>get_ticker_symbol</tool_name>
<parameters><company_name>AT&amp;T</company_name></parameters>
</invoke>
<invoke>
  <tool_name> get_current_stock_price
  </tool_name>
  <parameters>
    <symbol>GM</symbol>
  </parameters>
</invoke>
</function_calls>
trailing text`;
    expect(values(text)).toEqual([
      { name: 'get_ticker_symbol', params: { company_name: ['AT&T'] } },
      { name: 'get_current_stock_price', params: { symbol: ['GM'] } },
    ]);
  });

  it('tolerates a missing </invoke> and </parameters>, and a tool without parameters', () => {
    const text =
      '<function_calls><invoke><tool_name>a</tool_name><parameters><x>1</x><invoke><tool_name>b</tool_name></invoke>';
    expect(values(text)).toEqual([
      { name: 'a', params: { x: ['1'] } },
      { name: 'b', params: {} },
    ]);
  });

  it('tells which invokes were closed, for a reply cut by max_tokens', () => {
    const parsed = parseFunctionCalls(
      '<function_calls><invoke><tool_name>a</tool_name></invoke><invoke><tool_name>b</tool_name><parameters><x>1</x>',
    );
    expect(parsed.invokes.map((invoke) => [invoke.name, invoke.closed])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('keeps markup inside a string value and decodes numeric entities', () => {
    const text =
      '<function_calls><invoke><tool_name>note</tool_name><parameters><body>see <b>this</b> &#60;3</body></parameters></invoke></function_calls>';
    expect(values(text)[0].params.body).toEqual(['see <b>this</b> <3']);
  });

  it('accepts parameters written as one JSON object, and the name-attribute style', () => {
    const json = parseFunctionCalls(
      '<function_calls><invoke><tool_name>t</tool_name><parameters>{"a": [1, 2], "b": "x < y"}</parameters></invoke>',
    );
    expect(json.invokes[0].json).toEqual({ a: [1, 2], b: 'x < y' });
    expect(
      values(
        '<function_calls><invoke name="t"><parameter name="a">1</parameter></invoke></function_calls>',
      ),
    ).toEqual([{ name: 't', params: { a: ['1'] } }]);
  });

  it('turns malformed blocks into invokes with a clear error', () => {
    expect(values('<function_calls>\nI will call a tool.\n')).toEqual([
      { name: '', params: {}, error: expect.stringContaining('holds no <invoke>') },
    ]);
    expect(values('<function_calls><invoke><parameters><a>1</a></parameters></invoke>')).toEqual([
      { name: '', params: {}, error: expect.stringContaining('has no <tool_name>') },
    ]);
    expect(
      values(
        '<function_calls><invoke><tool_name>t</tool_name><parameters><a>1</parameters></invoke>',
      ),
    ).toEqual([
      { name: 't', params: {}, error: 'Parameter <a> of "t" is not closed; end it with </a>.' },
    ]);
    expect(
      values(
        '<function_calls><invoke><tool_name>t</tool_name><parameters>a=1</parameters></invoke>',
      ),
    ).toEqual([
      {
        name: 't',
        params: {},
        error: expect.stringContaining('text outside any parameter element: "a=1"'),
      },
    ]);
  });

  it('quotes stray text cut before an emoji, never inside it', () => {
    // 79 letters, then an emoji across units 80-81: a cut at 80 UTF-16 units would split it.
    const stray = `${'a'.repeat(79)}😀 more`;
    const [invoke] = values(
      `<function_calls><invoke><tool_name>t</tool_name><parameters>${stray}</parameters></invoke>`,
    );
    expect(invoke.error).toContain(`text outside any parameter element: "${'a'.repeat(79)}…"`);
    expect(hasLoneSurrogate(invoke.error ?? '')).toBe(false);
  });

  it('reports no calls for plain text', () => {
    expect(parseFunctionCalls('<answer>42</answer>')).toEqual({
      text: '<answer>42</answer>',
      hasCalls: false,
      invokes: [],
    });
  });

  it('never throws, whatever the text', () => {
    const fragments = fc.constantFrom(
      '<function_calls>',
      '</function_calls>',
      '<invoke>',
      '</invoke>',
      '<invoke name="x">',
      '<tool_name>',
      '</tool_name>',
      '<parameters>',
      '</parameters>',
      '<parameters/>',
      '<a>',
      '</a>',
      '<b x=1>',
      '<![CDATA[',
      ']]>',
      '<!--',
      '&amp;',
      '&#x110000;',
      '{"a":',
      '<',
      '>',
      'text',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fragments).map((parts) => parts.join('')),
        ),
        (text) => {
          const parsed = parseFunctionCalls(text);
          for (const invoke of parsed.invokes) {
            expect(typeof invoke.name).toBe('string');
            for (const elements of invoke.parameters.values()) elements.forEach(stringValueOf);
          }
        },
      ),
      { numRuns: 3000 },
    );
    expect(() => parseFunctionCalls(undefined as unknown as string)).not.toThrow();
  });
});
