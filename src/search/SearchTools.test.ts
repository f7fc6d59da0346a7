/**
 * The prebuilt search tools through the registry with the shipped manifest: one input shape,
 * bounded `max_results`, hits as citable `search_result` blocks cut to the budgets, no hits said
 * in words, hostile queries answered cleanly.
 */
import { ToolRegistry } from '../registry/ToolRegistry';
import type { ContentBlock, SearchResultContent } from '../content/ContentBlock';
import { CUT_MARKER } from './budget';
import { MemorySearchStore } from './MemorySearchStore';
import { DocumentSearch, WebSearch } from './SearchTools';
import { searchManifest } from './searchManifest';
import type { SearchRequest, SearchSource } from './types';

const results = (content: string | ContentBlock[]): SearchResultContent[] =>
  typeof content === 'string'
    ? []
    : content.filter((b): b is SearchResultContent => b.type === 'search_result');

async function registryWith(budget = {}) {
  const store = new MemorySearchStore();
  await store.add([
    { id: 'faq-1', title: 'Refunds', text: 'Refunds take five days after the return arrives.' },
    {
      id: 'faq-2',
      title: 'Shipping',
      text: 'Orders ship within two days. '.repeat(200),
      url: 'https://shop.example/shipping',
    },
    { id: 'faq-3', title: 'Multi-agent setup', text: "Don't run multi-agent jobs at night." },
  ]);
  return new ToolRegistry({ manifest: searchManifest }).register(new DocumentSearch(store, budget));
}

describe('search_documents', () => {
  it('answers search_result blocks with the real source and title, citations on', async () => {
    const registry = await registryWith();
    const outcome = await registry.call('search_documents', { query: 'how long do refunds take' });
    expect(outcome.isError).toBe(false);
    expect(results(outcome.content)[0]).toEqual({
      type: 'search_result',
      source: 'faq-1',
      title: 'Refunds',
      content: [{ type: 'text', text: 'Refunds take five days after the return arrives.' }],
      citations: { enabled: true },
    });
  });

  it('cuts a long result with a marker and keeps the total within budget', async () => {
    const registry = await registryWith({ maxResultChars: 300, maxTotalChars: 400 });
    const outcome = await registry.call('search_documents', {
      query: 'orders ship within two days',
      max_results: 3,
    });
    const found = results(outcome.content);
    expect(found[0].source).toBe('https://shop.example/shipping');
    expect(found[0].content[0].text.endsWith(CUT_MARKER)).toBe(true);
    expect(found[0].content[0].text.length).toBeLessThanOrEqual(300);
    const total = found.reduce((sum, r) => sum + r.content[0].text.length, 0);
    expect(total).toBeLessThanOrEqual(400);
  });

  it('says in words when nothing matched, with a hint', async () => {
    const registry = await registryWith();
    const outcome = await registry.call('search_documents', { query: 'zeppelin' });
    expect(outcome).toMatchObject({ isError: false });
    expect(outcome.content).toBe(
      'No results for "zeppelin". Try fewer or broader words, a synonym, or check the spelling.',
    );
  });

  it('refuses max_results out of bounds as the manifest says', async () => {
    const registry = await registryWith();
    const outcome = await registry.call('search_documents', { query: 'refunds', max_results: 21 });
    expect(outcome.isError).toBe(true);
    expect(String(outcome.content)).toContain('max_results');
  });

  it.each([
    ['multi-agent', 'multi-agent'],
    ['@nasa', '@nasa'],
    ["don't", "don't"],
    ['an unbalanced quote', 'unbalanced "quote'],
    ['NEAR(', 'NEAR(refunds'],
    ['col:x', 'col:x'],
    ['10,000 characters', 'refunds '.repeat(1250)],
  ])('answers the hostile query %s with hits or a clean no-match', async (_label, query) => {
    const registry = await registryWith();
    const outcome = await registry.call('search_documents', { query });
    expect(outcome.isError).toBe(false);
    if (typeof outcome.content === 'string') expect(outcome.content).toMatch(/^No results for /);
    else expect(results(outcome.content).length).toBeGreaterThan(0);
  });

  it('answers an empty query in words', async () => {
    const registry = await registryWith();
    const outcome = await registry.call('search_documents', { query: '   ' });
    expect(outcome.content).toBe('The query is empty: say what to look for in a few words.');
  });
});

describe('search_web', () => {
  it('hands language and freshness to the source and bounds max_results', async () => {
    const seen: SearchRequest[] = [];
    const source: SearchSource = {
      search: (request) => {
        seen.push(request);
        return Promise.resolve([{ source: 'https://a.example', title: 'A', text: 'a' }]);
      },
    };
    const registry = new ToolRegistry({ manifest: searchManifest }).register(new WebSearch(source));
    await registry.call('search_web', { query: 'news', language: 'de', freshness: 'week' });
    expect(seen[0]).toMatchObject({
      query: 'news',
      language: 'de',
      freshness: 'week',
      maxResults: 5,
    });
    const bad = await registry.call('search_web', { query: 'news', freshness: 'decade' });
    expect(bad.isError).toBe(true);
  });
});
