/** The tool search rules the scripted server applies to a request, as the Messages API does. */
import { checkToolSearch } from './checkToolSearch';
import { toolSearchBlocks } from './toolSearchBlocks';

const tool = (name: string, deferred = false) => ({
  name,
  input_schema: { type: 'object' },
  ...(deferred ? { defer_loading: true } : {}),
});
const SEARCH = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' };
const tools = [tool('get_order'), tool('cancel_order', true), SEARCH];
const call = { type: 'tool_use', id: 'c1', name: 'cancel_order', input: {} };
const answer = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }],
};

describe('checkToolSearch', () => {
  it('passes a deferred tool called after the hosted search loaded it', () => {
    const found = toolSearchBlocks({ query: 'cancel', found: ['cancel_order'] });
    const messages = [
      { role: 'user', content: 'cancel it' },
      { role: 'assistant', content: [...found, call] },
      answer,
    ];
    expect(checkToolSearch(tools, messages)).toBeNull();
  });

  it('passes a deferred tool loaded by a custom search tool_result', () => {
    const messages = [
      { role: 'user', content: 'cancel it' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 's1', name: 'search_tools', input: {} }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 's1',
            content: [{ type: 'tool_reference', tool_name: 'cancel_order' }],
          },
        ],
      },
      { role: 'assistant', content: [call] },
      answer,
    ];
    expect(
      checkToolSearch([tool('search_tools'), tool('cancel_order', true)], messages),
    ).toBeNull();
  });

  it('refuses a call of a deferred tool nothing loaded, and a reference to a tool not sent', () => {
    expect(checkToolSearch(tools, [{ role: 'assistant', content: [call] }, answer])).toBe(
      'messages.0.content.0: tool_use calls cancel_order, a deferred tool (defer_loading) that no tool_reference has loaded.',
    );
    const stray = toolSearchBlocks({ query: 'x', found: ['drop_table'] });
    expect(checkToolSearch(tools, [{ role: 'assistant', content: stray }])).toBe(
      'messages.0.content.1: tool_reference names drop_table, which is not in tools.',
    );
  });

  it('refuses every tool deferred, and a deferred tool search tool', () => {
    expect(checkToolSearch([tool('a', true)], [])).toMatch(
      /at least one tool must not have `defer_loading: true`/,
    );
    expect(checkToolSearch([tool('a'), { ...SEARCH, defer_loading: true }], [])).toBe(
      'tools: the tool search tool tool_search_tool_bm25 cannot be deferred.',
    );
  });
});
