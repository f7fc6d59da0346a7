/**
 * The HTTP embedders against scripted loopback servers built from the providers' documented
 * shapes (Voyage AI and OpenAI `POST /embeddings`: `data[].embedding` with `index`): batches
 * kept in order even when answered out of order, 429 with retry-after, time-outs, a dimension
 * mismatch; and the hashing embedder's determinism.
 */
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { HashingEmbedder } from './HashingEmbedder';
import { OpenAIEmbedder } from './OpenAIEmbedder';
import { SearchSourceError } from './SearchSourceError';
import { VoyageEmbedder } from './VoyageEmbedder';
import { never, startScriptedHttp } from './__fixtures__/scriptedHttp';
import type { HttpRequest, ScriptedHttp } from './__fixtures__/scriptedHttp';

let server: ScriptedHttp | undefined;
afterEach(async () => server?.close());

/** A vector naming its text: [text number, 0, 0, 0]. */
const vectorOf = (text: string): number[] => [Number(text.replace(/\D/g, '')), 0, 0, 0];

/** Answers each batch reversed, with the documented index of each item. */
function reversed(request: HttpRequest) {
  const input = (request.body as { input: string[] }).input;
  const data = input
    .map((text, index) => ({ object: 'embedding', embedding: vectorOf(text), index }))
    .reverse();
  return { body: { object: 'list', data, model: 'm', usage: { total_tokens: 1 } } };
}

const texts = Array.from({ length: 7 }, (_, i) => `text ${i}`);

describe('VoyageEmbedder', () => {
  it('sends batches with input_type and keeps the order by index', async () => {
    server = await startScriptedHttp(reversed);
    const embedder = new VoyageEmbedder({
      apiKey: 'k',
      baseURL: `${server.url}/v1`,
      dimensions: 4,
      batchSize: 3,
    });
    const vectors = await embedder.embed(texts, { inputType: 'document' });
    expect(vectors.map((v) => v[0])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(server.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([
      3, 3, 1,
    ]);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      headers: { authorization: 'Bearer k' },
      body: { model: 'voyage-3.5', input_type: 'document', output_dimension: 4 },
    });
    await embedder.embed(['q 1'], { inputType: 'query' });
    expect(server.requests[3].body).toMatchObject({ input_type: 'query' });
  });

  it('surfaces 429 with its retry-after, without the URL or the key', async () => {
    server = await startScriptedHttp(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { detail: 'rate limited' },
    }));
    const embedder = new VoyageEmbedder({
      apiKey: 'secret-key',
      baseURL: server.url,
      dimensions: 4,
    });
    const error = await embedder.embed(['a'], { inputType: 'query' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchSourceError);
    expect(error).toMatchObject({ failure: 'rate_limited', retryAfter: 7 });
    expect((error as Error).message).toBe(
      'Voyage AI is rate limiting requests (HTTP 429). Retry after 7 s.',
    );
  });

  it('gives up after its time-out', async () => {
    server = await startScriptedHttp(() => ({ hold: never() }));
    const embedder = new VoyageEmbedder({
      apiKey: 'k',
      baseURL: server.url,
      dimensions: 4,
      timeoutMs: 200,
    });
    await expect(embedder.embed(['a'], { inputType: 'query' })).rejects.toMatchObject({
      failure: 'timeout',
      message: 'Voyage AI did not answer within 200 ms; try again later.',
    });
  });

  it('refuses vectors of another size than its dimensions', async () => {
    server = await startScriptedHttp(reversed);
    const embedder = new VoyageEmbedder({ apiKey: 'k', baseURL: server.url, dimensions: 8 });
    await expect(embedder.embed(['a 1'], { inputType: 'query' })).rejects.toThrow(
      EmbedderMismatchError,
    );
  });
});

describe('OpenAIEmbedder', () => {
  it('speaks the OpenAI embeddings shape and keeps order by index', async () => {
    server = await startScriptedHttp(reversed);
    const embedder = new OpenAIEmbedder({
      baseURL: server.url,
      model: 'nomic-embed-text',
      dimensions: 4,
      batchSize: 4,
      prefixes: { query: 'search_query: ' },
    });
    const vectors = await embedder.embed(texts, { inputType: 'document' });
    expect(vectors.map((v) => v[0])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(server.requests[0]).toMatchObject({
      path: '/embeddings',
      body: { model: 'nomic-embed-text', encoding_format: 'float' },
    });
    expect(server.requests[0].headers.authorization).toBeUndefined();
    await embedder.embed(['q 9'], { inputType: 'query' });
    expect(server.requests[2].body).toMatchObject({ input: ['search_query: q 9'] });
  });

  it('reports an HTTP error by status only', async () => {
    server = await startScriptedHttp(() => ({
      status: 500,
      body: { error: { message: 'boom at http://10.0.0.3' } },
    }));
    const embedder = new OpenAIEmbedder({ baseURL: server.url, dimensions: 4 });
    await expect(embedder.embed(['a'], { inputType: 'query' })).rejects.toThrow(
      'The embeddings endpoint answered HTTP 500; the search failed.',
    );
  });
});

describe('HashingEmbedder', () => {
  it('is deterministic and lexical: shared words are close, synonyms are not', async () => {
    const embedder = new HashingEmbedder(64);
    const [a, b, c, again] = await embedder.embed(
      ['refund policy', 'the refund policy', 'money back rules', 'refund policy'],
      { inputType: 'document' },
    );
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i], 0);
    expect(again).toEqual(a);
    expect(a).toHaveLength(64);
    expect(dot(a, b)).toBeGreaterThan(0.7);
    expect(dot(a, c)).toBeLessThan(0.5);
  });
});
