/**
 * The SQLite FTS5 store on the real sqlite-wasm engine in its worker: the store contract every
 * store passes, then what is its own: bm25 passages cut by `snippet()`, the saved file a real
 * SQLite database, a file that is not an index refused, an engine failure reported as a failure
 * (never as "0 results"), and the hostile queries and hostile documents through the tool.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentBlock, SearchResultContent } from '../content/ContentBlock';
import { ToolRegistry } from '../registry/ToolRegistry';
import { openSqlite } from '../sql/sqlite/SqliteEngine';
import { SqliteWorker } from '../sql/sqlite/worker/SqliteWorker';
import { blocksText } from '../wire/xml/renderSearchResults';
import {
  CONTRACT_DOCUMENTS,
  describeSearchStoreContract,
  HOSTILE_QUERIES,
  INSTRUCTIONS_DOCUMENT,
  MARKUP_DOCUMENT,
} from './__fixtures__/searchStoreContract';
import { HashingEmbedder } from './HashingEmbedder';
import { SearchIndexError } from './SearchIndexError';
import { SearchSourceError } from './SearchSourceError';
import { DocumentSearch } from './SearchTools';
import { searchManifest } from './searchManifest';
import { SqliteSearchStore } from './SqliteSearchStore';
import { indexSteps } from './sqliteIndexSteps';
import { INSERT_CHUNKS } from './sqliteSearchSql';

describeSearchStoreContract('SqliteSearchStore', {
  create: (options) => SqliteSearchStore.open(options),
  load: (path, options) => SqliteSearchStore.load(path, options),
  dispose: (store) => store.close(),
});

const results = (content: string | ContentBlock[]): SearchResultContent[] =>
  typeof content === 'string'
    ? []
    : content.filter((b): b is SearchResultContent => b.type === 'search_result');

describe('SqliteSearchStore', () => {
  let dir: string;
  let store: SqliteSearchStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-fts5-'));
    store = await SqliteSearchStore.open();
    await store.add([...CONTRACT_DOCUMENTS, MARKUP_DOCUMENT, INSTRUCTIONS_DOCUMENT]);
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows a bm25-ranked passage around the match of a long chunk, not the whole chunk', async () => {
    const long = await SqliteSearchStore.open({ snippetTokens: 12 });
    try {
      const filler = 'Lorem ipsum dolor sit amet. '.repeat(30);
      await long.add([
        { id: 'long', title: 'Manual', text: `${filler}The zebra key resets it. ${filler}` },
      ]);
      const [hit] = await long.search({ query: 'zebra', maxResults: 1 });
      expect(hit.text).toContain('zebra key resets');
      expect(hit.text).toMatch(/^….*…$/);
      expect(hit.text.split(' ').length).toBeLessThanOrEqual(13);
      expect(hit.score).toBeGreaterThan(0);
    } finally {
      await long.close();
    }
  });

  it('refuses vectors of the wrong length on add, and keeps the last of one id in a batch', async () => {
    const lying = {
      id: 'lying-v1',
      dimensions: 8,
      embed: (texts: readonly string[]) => Promise.resolve(texts.map(() => [1, 2, 3])),
    };
    const hybrid = await SqliteSearchStore.open({ embedder: lying });
    const plain = await SqliteSearchStore.open();
    try {
      await expect(hybrid.add([CONTRACT_DOCUMENTS[0]])).rejects.toThrow(
        'The embedder answered 3 dimensions for "a", not 8',
      );
      expect(await hybrid.count()).toBe(0);
      await plain.add([
        { id: 'x', title: 'Old', text: 'old words' },
        { id: 'x', title: 'New', text: 'new words' },
      ]);
      expect(
        (await plain.search({ query: 'words', maxResults: 5 })).map((hit) => hit.title),
      ).toEqual(['New']);
    } finally {
      await hybrid.close();
      await plain.close();
    }
  });

  it('indexes, saves and loads as docs/search.md shows', async () => {
    const embedder = new HashingEmbedder(64);
    const file = join(dir, 'readme.sqlite');
    const documents = [
      { id: 'faq-refunds', title: 'Refunds', text: 'Refunds take five days.' },
      { id: 'faq-old', title: 'Fax', text: 'Send refunds requests by fax.' },
    ];
    const newText = 'Refunds take three days.';
    const registry = new ToolRegistry({ manifest: searchManifest });
    const store = await SqliteSearchStore.open({ embedder }); // embedder optional: hybrid when set
    await store.add(documents); // one transaction; an id already there is replaced
    await store.update([{ id: 'faq-refunds', title: 'Refunds', text: newText }]);
    await store.remove(['faq-old']); // resolves how many were indexed
    await store.save(file); // a SQLite database file
    await store.close();
    // at start-up, in another process:
    const docs = await SqliteSearchStore.load(file, { embedder }); // same embedder, or refused
    registry.register(new DocumentSearch(docs));
    try {
      const outcome = await registry.call('search_documents', { query: 'refunds fax' });
      expect(results(outcome.content).map((r) => r.content[0].text)).toEqual([newText]);
    } finally {
      await docs.close();
    }
  });

  it('keeps every character of a document through its JSON rows; a lone surrogate becomes one U+FFFD', async () => {
    const exact = await SqliteSearchStore.open({ snippetTokens: 0 });
    try {
      const odd = 'quote " backslash \\ tab \t bell \u0007 😀 اَلْعَرَبِيَّةُ';
      await exact.add([
        {
          id: 'odd "1"',
          title: `Title ${odd}`,
          text: `zebra ${odd} half \ud83d pair`,
          url: 'https://example.com/a"b\\c',
          metadata: { 'k "q"': 'v \\ 😀' },
        },
      ]);
      const hits = await exact.search({
        query: 'zebra',
        maxResults: 5,
        filters: { 'k "q"': 'v \\ 😀' },
      });
      expect(hits).toEqual([
        {
          source: 'https://example.com/a"b\\c',
          title: `Title ${odd}`,
          text: `zebra ${odd} half \ufffd pair`,
          score: expect.any(Number) as number,
        },
      ]);
      expect(await exact.remove(['odd "1"'])).toBe(1);
    } finally {
      await exact.close();
    }
  });

  it('indexes a batch whose rows take several JSON pieces whole', async () => {
    const big = await SqliteSearchStore.open();
    try {
      const filler = 'lorem ipsum dolor sit amet '.repeat(40);
      const documents = Array.from({ length: 1_000 }, (_, i) => ({
        id: `big-${i}`,
        title: `Part ${i}`,
        text: `marker${i} ${filler}`,
      }));
      const steps = indexSteps(
        documents.map((document) => ({ document, parts: [document.text] })),
        [],
      );
      expect(steps.find((step) => step.sql === INSERT_CHUNKS)!.rows.length).toBeGreaterThan(1);
      await big.add(documents);
      expect(await big.count()).toBe(1_000);
      for (const i of [0, 567, 999]) {
        const [hit] = await big.search({ query: `marker${i}`, maxResults: 1 });
        expect(hit.title).toBe(`Part ${i}`);
      }
    } finally {
      await big.close();
    }
  });

  it('counts its documents', async () => {
    expect(await store.count()).toBe(CONTRACT_DOCUMENTS.length + 2);
  });

  it('saves a SQLite database file that the SQL tools open', async () => {
    const path = join(dir, 'docs.sqlite');
    await store.save(path);
    const db = await openSqlite({ file: path });
    try {
      const tables = (await db.listTables()).map((table) => table.name);
      expect(tables).toEqual(expect.arrayContaining(['chunks', 'chunks_fts', 'documents']));
    } finally {
      await db.close();
    }
  });

  it('refuses to load a file that is not a search index', async () => {
    const path = join(dir, 'other.sqlite');
    const worker = await SqliteWorker.start();
    await worker.query({
      sql: 'CREATE TABLE notes (body TEXT)',
      policy: 'trusted',
      single: true,
      maxRows: 0,
      countLimit: 0,
      maxCellChars: 0,
      timeoutMs: 10_000,
    });
    await writeFile(path, await worker.serialize());
    await worker.close();
    await expect(SqliteSearchStore.load(path)).rejects.toThrow(SearchIndexError);
  });

  /** Runs `steps` of trusted SQL on the saved index at `path` and writes it back; returns the rows of the last. */
  async function editFile(path: string, statements: string[]): Promise<unknown[][]> {
    const worker = await SqliteWorker.start();
    try {
      await worker.open({ bytes: new Uint8Array(await readFile(path)), readOnly: false });
      let rows: unknown[][] = [];
      for (const sql of statements) {
        const answer = await worker.query({
          sql,
          policy: 'trusted',
          single: true,
          maxRows: 10,
          countLimit: 10,
          maxCellChars: 1000,
          timeoutMs: 10_000,
        });
        if (!answer.ok) throw new Error(answer.failure.message);
        rows = answer.result.rows;
      }
      await writeFile(path, await worker.serialize());
      return rows;
    } finally {
      await worker.close();
    }
  }

  it('refuses an index of an older version (triggers) clearly, naming both versions', async () => {
    const path = join(dir, 'old.sqlite');
    await store.save(path);
    await editFile(path, ["UPDATE toolwright_index SET value = '2' WHERE key = 'version'"]);
    await expect(SqliteSearchStore.load(path)).rejects.toThrow(
      /index of version 2, this version reads version 3; rebuild it/,
    );
  });

  it('keeps the FTS index equal to its chunks through adds, replacements and removals', async () => {
    const fresh = await SqliteSearchStore.open();
    const path = join(dir, 'checked.sqlite');
    try {
      const docs = (n: number, word: string) =>
        Array.from({ length: n }, (_, i) => ({
          id: `d${i}`,
          title: `T${i}`,
          text: `${word} ${i}`,
        }));
      await fresh.add(docs(30, 'alpha'));
      await fresh.update(docs(10, 'beta'));
      await fresh.add([{ id: 'cjk', title: '日記', text: 'きょうは楽しい' }]);
      expect(await fresh.remove(['d29', 'd3', 'cjk'])).toBe(3);
      await fresh.add(docs(5, 'gamma'));
      expect((await fresh.search({ query: 'alpha', maxResults: 50 })).length).toBe(19);
      expect((await fresh.search({ query: 'beta', maxResults: 50 })).length).toBe(5);
      expect((await fresh.search({ query: 'gamma', maxResults: 50 })).length).toBe(5);
      await fresh.save(path);
    } finally {
      await fresh.close();
    }
    // FTS5's own check compares the index with what the content view holds.
    const rows = await editFile(path, [
      "INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('integrity-check', 1)",
      'SELECT (SELECT count(*) FROM chunks_fts_docsize), (SELECT count(*) FROM chunks)',
    ]);
    expect(rows).toEqual([[29, 29]]);
  });

  it('reports an engine failure as a failure the model reads, never as no results', async () => {
    const path = join(dir, 'broken.sqlite');
    await store.save(path);
    const worker = await SqliteWorker.start();
    const bytes = new Uint8Array(await readFile(path));
    await worker.open({ bytes, readOnly: false });
    const drop = await worker.batch({
      steps: [{ sql: 'DROP TABLE chunks_fts', rows: [[]] }],
      timeoutMs: 10_000,
    });
    expect(drop.ok).toBe(true);
    await writeFile(path, await worker.serialize());
    await worker.close();
    const broken = await SqliteSearchStore.load(path);
    try {
      await expect(broken.search({ query: 'refunds', maxResults: 5 })).rejects.toThrow(
        SearchSourceError,
      );
      const registry = new ToolRegistry({ manifest: searchManifest }).register(
        new DocumentSearch(broken),
      );
      const outcome = await registry.call('search_documents', { query: 'refunds' });
      expect(outcome.isError).toBe(true);
      expect(String(outcome.content)).toContain('The document search failed');
    } finally {
      await broken.close();
    }
  });

  describe('through search_documents', () => {
    const registry = () =>
      new ToolRegistry({ manifest: searchManifest }).register(new DocumentSearch(store));

    it.each(HOSTILE_QUERIES.filter(([, query]) => query.trim()))(
      'answers the hostile query %s with hits or a clean no-match',
      async (_label, query, expected) => {
        const outcome = await registry().call('search_documents', { query });
        expect(outcome.isError).toBe(false);
        if (expected) expect(results(outcome.content)[0].source).toBe(expected);
        else expect(outcome.content).toMatch(/^No results for /);
      },
    );

    it('keeps a document holding </page_content></item> inside its own item in the XML text', async () => {
      const outcome = await registry().call('search_documents', { query: 'beta fridays evil' });
      const xml = blocksText(outcome.content as ContentBlock[]);
      expect(xml.match(/<item /g)).toHaveLength(1);
      expect(xml).toContain('Beta ships on Fridays.&lt;/page_content&gt;&lt;/item&gt;');
    });

    it('hands instructions inside a document to the model as a cited search result, data only', async () => {
      const outcome = await registry().call('search_documents', { query: 'holidays' });
      expect(results(outcome.content)).toEqual([
        {
          type: 'search_result',
          source: 'injected',
          title: 'Holiday policy',
          content: [{ type: 'text', text: INSTRUCTIONS_DOCUMENT.text }],
          citations: { enabled: true },
        },
      ]);
    });
  });
});
