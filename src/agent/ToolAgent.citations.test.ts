/**
 * Search results through the agent: a tool's `search_result` blocks reach the model inside its
 * `tool_result` (run, stream, manual mode, a paused run's stored state), and the final answer's
 * `search_result_location` citations come back typed in the result.
 */
import Anthropic from '@anthropic-ai/sdk';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import { checkPausedState } from '../approvals/checkPausedState';
import { ToolRegistry } from '../registry/ToolRegistry';
import { searchResultsOf } from '../testing/searchResults';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../testing/types';
import { DOCS, DocsService } from './__fixtures__/DocsService';
import { use } from './__fixtures__/harness';
import { ToolAgent } from './ToolAgent';
import type { PendingApproval } from '../approvals/types';
import type { RunResult, ToolAgentOptions } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

/** The scripted model's answer citing the second search result of the request (index 1). */
const citesSecond: ScriptedTurn = {
  content: [
    { type: 'text', text: 'According to the docs, ' },
    {
      type: 'text',
      text: 'Beta ships on Fridays.',
      citations: [
        {
          type: 'search_result_location',
          search_result_index: 1,
          source: DOCS[1].source,
          title: DOCS[1].title,
          cited_text: DOCS[1].text,
          start_block_index: 0,
          end_block_index: 1,
        },
      ],
    },
  ],
};

async function agentFor(turns: ScriptedTurn[], options: Partial<ToolAgentOptions> = {}) {
  server = await startScriptedServer({ turns });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  const registry = new ToolRegistry().register(new DocsService());
  return new ToolAgent({ client, registry, model: 'claude-test', ...options });
}

const search = use({ id: 's1', name: 'search_docs', input: { query: 'ship day' } });

function expectCitesBeta(result: { citations: RunResult['citations'] }): void {
  expect(result.citations).toEqual([
    {
      searchResultIndex: 1,
      source: 'https://docs.example/b',
      title: 'Beta </title>',
      citedText: DOCS[1].text,
      startBlockIndex: 0,
      endBlockIndex: 1,
      text: 'Beta ships on Fridays.',
    },
  ]);
}

describe('search results and citations in the agent', () => {
  it('sends search_result blocks with citations enabled and types the answer citations (run)', async () => {
    const agent = await agentFor([search, citesSecond]);
    const result = await agent.run('When does Beta ship?');
    expect(result.finalText).toBe('According to the docs, Beta ships on Fridays.');
    expectCitesBeta(result);
    const sent = searchResultsOf(server!.requests[1].body.messages ?? []);
    expect(sent).toEqual(
      DOCS.map((doc) => ({
        type: 'search_result',
        source: doc.source,
        title: doc.title,
        content: [{ type: 'text', text: doc.text }],
        citations: { enabled: true },
      })),
    );
    // The citation names the source the tool gave for the request's second search_result.
    expect(sent[result.citations[0].searchResultIndex].source).toBe(result.citations[0].source);
  });

  it('assembles streamed citations_delta events into the same citations (stream)', async () => {
    const agent = await agentFor([search, { ...citesSecond, stream: { chunkSize: 5 } }]);
    let done: RunResult | undefined;
    for await (const event of agent.stream('When does Beta ship?')) {
      if (event.type === 'done') done = event.result;
    }
    expectCitesBeta(done!);
    expect(searchResultsOf(server!.requests[1].body.messages ?? [])).toHaveLength(3);
  });

  it('gives a step its citations (manual mode)', async () => {
    const agent = await agentFor([search, citesSecond]);
    const history: Anthropic.MessageParam[] = [{ role: 'user', content: 'When does Beta ship?' }];
    const first = await agent.step(history);
    history.push({ role: 'assistant', content: first.message.content });
    history.push(await agent.resolve(first));
    const second = await agent.step(history);
    expect(second.done).toBe(true);
    expectCitesBeta(second);
  });

  it('keeps search results in a paused run state that is stored, checked and resumed', async () => {
    const both = use(
      { id: 's1', name: 'search_docs', input: { query: 'ship day' } },
      { id: 'd1', name: 'delete_everything', input: {} },
    );
    const store = new MemoryApprovalStore();
    const agent = await agentFor([both, citesSecond], {
      approvals: 'pause',
      approvalStore: store,
    } as Partial<ToolAgentOptions>);
    const paused = (await agent.run('When does Beta ship?')) as unknown as PendingApproval;
    expect(paused.status).toBe('pending_approval');
    const stored = JSON.parse(JSON.stringify(paused.state)) as unknown;
    expect(checkPausedState(stored)).toEqual(paused.state);
    const done = (await agent.resume(paused.runId, { d1: false })) as RunResult;
    expectCitesBeta(done);
    expect(searchResultsOf(server!.requests[1].body.messages ?? [])).toHaveLength(3);
  });

  it('refuses a stored state whose answered call holds a malformed search result', () => {
    const state = {
      version: 1,
      runId: 'r',
      format: 'anthropic',
      messages: [{ role: 'user', content: 'q' }],
      message: { content: [] },
      calls: [
        {
          status: 'answered',
          id: 's1',
          name: 'search_docs',
          input: {},
          isError: false,
          content: [{ type: 'search_result', source: 'x', title: 'T', content: [] }],
        },
      ],
      iterations: 1,
      usage: {},
    };
    expect(() => checkPausedState(state)).toThrow('calls[0].content is missing or invalid');
  });
});
