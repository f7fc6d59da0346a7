/**
 * Brave Search, Wikipedia and Elasticsearch against scripted loopback servers built from their
 * documented request and response shapes: parameters sent, hits read, empty answers, errors,
 * 429 with retry-after, time-outs; no key or internal URL ever reaches the model's text.
 */
import { ToolRegistry } from '../registry/ToolRegistry';
import { BraveSearchSource } from './BraveSearchSource';
import { ElasticsearchSource } from './ElasticsearchSource';
import { DocumentSearch, WebSearch, WikipediaSearch } from './SearchTools';
import { searchManifest } from './searchManifest';
import { WikipediaSource } from './WikipediaSource';
import { never, startScriptedHttp } from './__fixtures__/scriptedHttp';
import type { HttpAnswer, ScriptedHttp } from './__fixtures__/scriptedHttp';

let server: ScriptedHttp | undefined;
afterEach(async () => server?.close());

const text = (content: unknown): string => JSON.stringify(content);

describe('BraveSearchSource', () => {
  const brave = (answer: HttpAnswer, timeoutMs?: number) => async () => {
    server = await startScriptedHttp(() => answer);
    const source = new BraveSearchSource({
      apiKey: 'brave-secret',
      baseURL: server.url,
      timeoutMs,
    });
    return new ToolRegistry({ manifest: searchManifest }).register(new WebSearch(source));
  };

  it('sends q, count, search_lang and freshness with the token header; reads web.results', async () => {
    const registry = await brave({
      body: {
        type: 'search',
        web: {
          results: [
            {
              title: 'Mars <strong>rover</strong>',
              url: 'https://nasa.example/rover',
              description: 'The <strong>rover</strong> landed.',
              extra_snippets: ['It drives.'],
            },
          ],
        },
      },
    })();
    const outcome = await registry.call('search_web', {
      query: 'mars rover',
      max_results: 3,
      language: 'en',
      freshness: 'month',
    });
    const request = server!.requests[0];
    expect(request.path).toBe('/res/v1/web/search');
    expect(Object.fromEntries(request.query)).toEqual({
      q: 'mars rover',
      count: '3',
      search_lang: 'en',
      freshness: 'pm',
    });
    expect(request.headers['x-subscription-token']).toBe('brave-secret');
    expect(outcome.content).toEqual([
      {
        type: 'search_result',
        source: 'https://nasa.example/rover',
        title: 'Mars rover',
        content: [{ type: 'text', text: 'The rover landed.\nIt drives.' }],
        citations: { enabled: true },
      },
    ]);
  });

  it('says no results in words when web is absent', async () => {
    const registry = await brave({ body: { type: 'search', query: { original: 'qq' } } })();
    const outcome = await registry.call('search_web', { query: 'qq' });
    expect(outcome.content).toMatch(/^No results for "qq"\. Try/);
  });

  it('reports 429 with retry-after and never the key or URL', async () => {
    const registry = await brave({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { code: 'RATE_LIMITED' } },
    })();
    const outcome = await registry.call('search_web', { query: 'x' });
    expect(outcome).toEqual({
      isError: true,
      content: 'Brave Search is rate limiting requests (HTTP 429). Retry after 2 s.',
    });
    expect(text(outcome)).not.toContain('brave-secret');
    expect(text(outcome)).not.toContain('127.0.0.1');
  });

  it('reports a time-out', async () => {
    const registry = await brave({ hold: never() }, 150)();
    const outcome = await registry.call('search_web', { query: 'x' });
    expect(outcome).toEqual({
      isError: true,
      content: 'Brave Search did not answer within 150 ms; try again later.',
    });
  });
});

describe('WikipediaSource', () => {
  it('queries list=search in the asked language and cites the public article URL', async () => {
    server = await startScriptedHttp(() => ({
      body: {
        batchcomplete: true,
        query: {
          searchinfo: { totalhits: 1 },
          search: [
            {
              ns: 0,
              title: 'Ada Lovelace',
              pageid: 974,
              snippet: '<span class="searchmatch">Ada</span> was a mathematician &amp; writer',
            },
          ],
        },
      },
    }));
    const source = new WikipediaSource({ apiUrl: (lang) => `${server!.url}/${lang}/w/api.php` });
    const registry = new ToolRegistry({ manifest: searchManifest }).register(
      new WikipediaSearch(source),
    );
    const outcome = await registry.call('search_wikipedia', {
      query: 'Ada',
      language: 'de',
      max_results: 2,
    });
    const request = server.requests[0];
    expect(request.path).toBe('/de/w/api.php');
    expect(Object.fromEntries(request.query)).toMatchObject({
      action: 'query',
      list: 'search',
      srsearch: 'Ada',
      srlimit: '2',
      format: 'json',
      formatversion: '2',
    });
    expect(String(request.headers['user-agent'])).toContain('toolwright');
    expect(outcome.content).toEqual([
      {
        type: 'search_result',
        source: 'https://de.wikipedia.org/wiki/Ada_Lovelace',
        title: 'Ada Lovelace',
        content: [{ type: 'text', text: 'Ada was a mathematician & writer' }],
        citations: { enabled: true },
      },
    ]);
    expect(text(outcome)).not.toContain('127.0.0.1');
  });

  it('reports a server error by status', async () => {
    server = await startScriptedHttp(() => ({ status: 503, body: {} }));
    const source = new WikipediaSource({ apiUrl: () => `${server!.url}/w/api.php` });
    const registry = new ToolRegistry({ manifest: searchManifest }).register(
      new WikipediaSearch(source),
    );
    const outcome = await registry.call('search_wikipedia', { query: 'Ada' });
    expect(outcome).toEqual({
      isError: true,
      content: 'Wikipedia answered HTTP 503; the search failed.',
    });
  });
});

describe('ElasticsearchSource', () => {
  it('sends multi_match with highlight and cites the url field or _id, never the node', async () => {
    server = await startScriptedHttp(() => ({
      body: {
        took: 3,
        timed_out: false,
        hits: {
          total: { value: 2, relation: 'eq' },
          max_score: 1.3,
          hits: [
            {
              _index: 'docs',
              _id: 'd1',
              _score: 1.3,
              _source: {
                title: 'Refunds',
                text: 'Refunds take five days.',
                url: 'https://help.example/refunds',
              },
              highlight: { text: ['<em>Refunds</em> take five days.'] },
            },
            {
              _index: 'docs',
              _id: 'd2',
              _score: 0.4,
              _source: { title: 'Returns', text: 'Returns are free.' },
            },
          ],
        },
      },
    }));
    const source = new ElasticsearchSource({
      node: server.url,
      index: 'docs',
      apiKey: 'es-secret',
      urlField: 'url',
    });
    const registry = new ToolRegistry({ manifest: searchManifest }).register(
      new DocumentSearch(source),
    );
    const outcome = await registry.call('search_documents', { query: 'refunds', max_results: 4 });
    const request = server.requests[0];
    expect(request).toMatchObject({
      method: 'POST',
      path: '/docs/_search',
      headers: { authorization: 'ApiKey es-secret' },
      body: {
        size: 4,
        query: {
          bool: { must: { multi_match: { query: 'refunds', fields: ['title^2', 'text'] } } },
        },
        highlight: { fields: { text: {} } },
      },
    });
    expect(outcome.content).toEqual([
      expect.objectContaining({
        source: 'https://help.example/refunds',
        title: 'Refunds',
        content: [{ type: 'text', text: 'Refunds take five days.' }],
      }),
      expect.objectContaining({
        source: 'd2',
        title: 'Returns',
        content: [{ type: 'text', text: 'Returns are free.' }],
      }),
    ]);
    expect(text(outcome)).not.toContain('127.0.0.1');
  });

  it('says no results in words on an empty hits list', async () => {
    server = await startScriptedHttp(() => ({ body: { hits: { total: { value: 0 }, hits: [] } } }));
    const source = new ElasticsearchSource({ node: server.url, index: 'docs' });
    const registry = new ToolRegistry({ manifest: searchManifest }).register(
      new DocumentSearch(source),
    );
    const outcome = await registry.call('search_documents', { query: 'nothing' });
    expect(outcome.content).toMatch(/^No results for "nothing"/);
  });
});
