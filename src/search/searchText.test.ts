/**
 * Issue 45, items 1–5, on every store of the user's documents (memory, SQLite FTS5, PostgreSQL on
 * a real server), through the store and through the `search_documents` tool as the model calls
 * it: no character comes back broken (emoji echoed, cut and chunked whole), every term is
 * findable (Chinese and Japanese words, numbers with dots, e-mail addresses, versions), and a
 * query holding NUL or half a surrogate pair answers as any other.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Pool } from 'pg';
import { describeWithServer } from '../../test/describeWithServer';
import { postgresMissing, startPostgres } from '../../test/startPostgres';
import type { PostgresServer } from '../../test/startPostgres';
import type { ContentBlock } from '../content/ContentBlock';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import type { SearchBudget } from './budget';
import { MemorySearchStore } from './MemorySearchStore';
import { PostgresSearchStore } from './PostgresSearchStore';
import type { SearchDocument } from './SearchDocument';
import { DocumentSearch } from './SearchTools';
import { searchManifest } from './searchManifest';
import { SqliteSearchStore } from './SqliteSearchStore';
import type { SearchSource } from './types';

/** A store as these tests use it. */
interface TextStore extends SearchSource {
  add(documents: readonly SearchDocument[]): Promise<void>;
}

/** What a test asks of a store: whole chunks instead of passages, PostgreSQL's match mode. */
interface StoreShape {
  wholeChunks?: boolean;
  match?: 'any' | 'all';
}

const EMOJI = '😀';

const DOCUMENTS: SearchDocument[] = [
  { id: 'refunds', title: 'Refunds', text: 'Refunds take five days.' },
  { id: 'ja', title: '今日の日記', text: 'きょうは楽しい' },
  { id: 'zh', title: 'Weather', text: '今天天气很好' },
  { id: 'pi', title: 'Constants', text: 'Pi is 3.14159 to five places.' },
  { id: 'mail', title: 'Access', text: 'Write to ada@example.com for access.' },
  { id: 'version', title: 'Upgrades', text: 'Upgrade to v1.2.3 today.' },
];

/** The content a tool call answered, as one string (blocks' texts joined). */
const shown = (content: string | ContentBlock[]): string =>
  typeof content === 'string'
    ? content
    : content
        .map((block) =>
          block.type === 'search_result'
            ? block.content.map((part) => part.text).join('')
            : block.type === 'text'
              ? block.text
              : '',
        )
        .join('\n');

/** Runs the cases on one store; `open` makes a fresh, empty store. */
function describeTextCases(
  name: string,
  open: (shape?: StoreShape) => Promise<TextStore>,
  modes: readonly ('any' | 'all')[] = ['any'],
): void {
  describe(name, () => {
    const sources = async (store: TextStore, query: string) =>
      (await store.search({ query, maxResults: 5 })).map((hit) => hit.source);
    const tool = (store: TextStore, budget?: SearchBudget) =>
      new ToolRegistry({ manifest: searchManifest }).register(new DocumentSearch(store, budget));

    it('echoes a query of one word and 4,999 emoji in the no-match sentence without half an emoji', async () => {
      const store = await open();
      await store.add(DOCUMENTS);
      // 7 units before the emoji: a cut at 100 units falls inside one.
      const outcome = await tool(store).call('search_documents', {
        query: `zebras ${EMOJI.repeat(4999)}`,
      });
      expect(outcome.isError).toBe(false);
      const text = shown(outcome.content);
      expect(text).toMatch(/^No results for "zebras 😀+…"/u);
      expect(hasLoneSurrogate(text)).toBe(false);
    });

    it('sends the model no half emoji on the next turn of an agent run', async () => {
      const store = await open();
      await store.add(DOCUMENTS);
      const query = `zebras ${EMOJI.repeat(4999)}`;
      const server = await startScriptedServer({
        turns: [
          { content: [{ type: 'tool_use', id: 's1', name: 'search_documents', input: { query } }] },
          { content: [{ type: 'text', text: 'Nothing about zebras.' }] },
        ],
      });
      try {
        const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
        const agent = new ToolAgent({ client, registry: tool(store), model: 'claude-test' });
        const result = await agent.run('Find zebras');
        expect(result.finalText).toBe('Nothing about zebras.');
        // What the client sent on the second turn (the API refuses half a pair with a 400).
        const sent = JSON.stringify(server.requests[1].body.messages);
        expect(sent).toContain('No results for \\"zebras 😀');
        expect(hasLoneSurrogate(sent)).toBe(false);
        // JSON.stringify writes a pair as itself and half a pair as an escape.
        expect(sent).not.toMatch(/\\ud[89a-f]/i);
      } finally {
        await server.close();
      }
    });

    it('cuts a result to its budget between emoji, never inside one', async () => {
      const store = await open({ wholeChunks: true });
      await store.add([{ id: 'emoji', title: 'Zebras', text: `Zebras ${EMOJI.repeat(300)}` }]);
      const outcome = await tool(store, { maxResultChars: 101 }).call('search_documents', {
        query: 'zebras',
      });
      const text = shown(outcome.content);
      expect(text).toMatch(/^Zebras 😀+ \[…cut\]$/u);
      expect(hasLoneSurrogate(text)).toBe(false);
    });

    it('stores and returns a 5,000-emoji text with no break whole, chunk by chunk', async () => {
      const store = await open({ wholeChunks: true });
      // One unit before the emoji: a cut at 1,200 units falls inside one.
      await store.add([{ id: 'emoji', title: 'Zebra', text: `#${EMOJI.repeat(5000)}` }]);
      const hits = await store.search({ query: 'zebra', maxResults: 20 });
      expect(hits.length).toBeGreaterThan(1);
      for (const hit of hits) expect(hit.text).toMatch(/^#?(😀)+$/u);
      const emoji = hits.reduce((sum, hit) => sum + hit.text.match(/😀/gu)!.length, 0);
      expect(emoji).toBe(5000);
    });

    describe.each(modes)('match: %s', (match) => {
      let store: TextStore;
      beforeAll(async () => {
        store = await open({ match });
        await store.add(DOCUMENTS);
      });

      it.each([
        ['きょうは', 'ja'],
        ['楽しい', 'ja'],
        ['天气', 'zh'],
        ['日記', 'ja'],
      ])(
        'finds the Japanese or Chinese word %s inside a text without spaces',
        async (query, id) => {
          expect(await sources(store, query)).toEqual([id]);
        },
      );

      it('shows the Japanese text as written, without the spaces the index adds', async () => {
        const [hit] = await store.search({ query: 'きょうは', maxResults: 1 });
        expect(hit.text).toBe('きょうは楽しい');
      });

      it.each([
        ['3.14159', 'pi'],
        ['ada@example.com', 'mail'],
        ['v1.2.3', 'version'],
      ])('finds %s, a term with dots or an @, first', async (query, id) => {
        expect((await sources(store, query))[0]).toBe(id);
      });

      it.each([
        ['a NUL', 'refunds\u0000take'],
        ['a control character', 'refunds\u0007take'],
        ['half a surrogate pair', 'refunds\ud83dtake'],
      ])('answers a query holding %s as any other', async (_label, query) => {
        expect(await sources(store, query)).toEqual(['refunds']);
        const outcome = await tool(store).call('search_documents', { query });
        expect(outcome.isError).toBe(false);
        expect(shown(outcome.content)).toContain('Refunds take five days');
      });
    });
  });
}

describeTextCases('MemorySearchStore', () => Promise.resolve(new MemorySearchStore()));

describe('SqliteSearchStore', () => {
  const open: SqliteSearchStore[] = [];
  afterAll(async () => {
    for (const store of open) await store.close();
  });
  describeTextCases('SqliteSearchStore', async (shape) => {
    const store = await SqliteSearchStore.open(shape?.wholeChunks ? { snippetTokens: 0 } : {});
    open.push(store);
    return store;
  });
});

describeWithServer(postgresMissing, 'PostgresSearchStore on PostgreSQL', () => {
  let server: PostgresServer;
  let pool: Pool;
  let tables = 0;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new Pool({ connectionString: server.url, max: 3 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });
  describeTextCases(
    'PostgresSearchStore',
    (shape) =>
      PostgresSearchStore.open(pool, {
        table: `text_${(tables += 1)}`,
        snippets: !shape?.wholeChunks,
        match: shape?.match,
      }),
    ['any', 'all'],
  );
});

describe('search_documents in the legacy XML format', () => {
  it('is called as docs/search.md shows and answers the Japanese passage', async () => {
    const store = new MemorySearchStore();
    await store.add(DOCUMENTS);
    const call =
      '<function_calls><invoke><tool_name>search_documents</tool_name><parameters><query>きょうは</query><max_results>3</max_results></parameters></invoke>';
    const server = await startScriptedServer({
      turns: [
        {
          content: [{ type: 'text', text: call }],
          stop_reason: 'stop_sequence',
          stop_sequence: '</function_calls>',
        },
        { content: [{ type: 'text', text: '<answer>It was a fun day.</answer>' }] },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
      const registry = new ToolRegistry({ manifest: searchManifest }).register(
        new DocumentSearch(store),
      );
      const agent = new ToolAgent({ client, registry, model: 'claude-test', format: 'xml' });
      const result = await agent.run('What did the diary say?');
      expect(result.answer).toBe('It was a fun day.');
      const sent = JSON.stringify(server.requests[1].body.messages);
      expect(sent).toContain('<tool_name>search_documents</tool_name>');
      expect(sent).toContain('<source>ja</source>');
      expect(sent).toContain('きょうは楽しい');
    } finally {
      await server.close();
    }
  });
});
