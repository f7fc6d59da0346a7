/** The scripted server takes `search_result` blocks as the API does: well-formed ones recorded, others 400. */
import Anthropic from '@anthropic-ai/sdk';
import { startScriptedServer } from './startScriptedServer';
import { searchResultsOf } from './searchResults';
import type { ScriptedServer } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => server?.close());

const history = (result: Record<string, unknown>): Anthropic.MessageParam[] => [
  { role: 'user', content: 'q' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'search', input: {} }] },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 't1', content: [result] },
    ] as unknown as Anthropic.ToolResultBlockParam[],
  },
];

describe('search_result blocks on the scripted server', () => {
  it('records well-formed blocks and answers 400 for a block without text', async () => {
    server = await startScriptedServer({ turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const good = {
      type: 'search_result',
      source: 's',
      title: 'T',
      content: [{ type: 'text', text: 'x' }],
    };
    await client.messages.create({ model: 'm', max_tokens: 5, messages: history(good) });
    expect(searchResultsOf(server.requests[0].body.messages ?? [])).toEqual([good]);
    const bad = { ...good, content: [] };
    await expect(
      client.messages.create({ model: 'm', max_tokens: 5, messages: history(bad) }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('messages.2.content.0.content.0'),
    });
  });
});
