/**
 * The part the HTTP embedders share: texts sent in batches, each answer's `data` put back in
 * order by its `index` (providers do not promise order), every vector checked against the
 * embedder's dimensions.
 */
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { SearchSourceError } from './SearchSourceError';

/** The embeddings answer shape of Voyage AI and OpenAI-compatible endpoints. */
interface EmbeddingsAnswer {
  data?: { embedding?: unknown; index?: unknown }[];
}

/** Orders one batch's answer by index and checks every vector. */
function vectorsOf(
  answer: unknown,
  count: number,
  dimensions: number,
  provider: string,
): number[][] {
  const data = (answer as EmbeddingsAnswer | null)?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new SearchSourceError(
      `${provider} answered ${Array.isArray(data) ? data.length : 'no'} embeddings for ${count} texts.`,
      'invalid_response',
    );
  }
  const out = new Array<number[] | undefined>(count);
  data.forEach((item, position) => {
    const index = typeof item.index === 'number' ? item.index : position;
    const vector = item.embedding;
    if (!Array.isArray(vector) || index < 0 || index >= count || out[index]) {
      throw new SearchSourceError(
        `${provider} answered an embedding without a valid index.`,
        'invalid_response',
      );
    }
    if (vector.length !== dimensions) {
      throw new EmbedderMismatchError(
        `${provider} answered vectors of ${vector.length} dimensions, but the embedder is set to ${dimensions}; set dimensions to the model's size`,
      );
    }
    out[index] = vector as number[];
  });
  return out as number[][];
}

/**
 * Embeds `texts` in batches of `batchSize`, one request each (in sequence), in order.
 * @example
 * embedInBatches(texts, 128, 1024, 'Voyage AI', (batch) => fetchJson(url, { ... }));
 */
export async function embedInBatches(
  texts: readonly string[],
  batchSize: number,
  dimensions: number,
  provider: string,
  send: (batch: string[]) => Promise<unknown>,
): Promise<number[][]> {
  const out: number[][] = [];
  for (let at = 0; at < texts.length; at += batchSize) {
    const batch = texts.slice(at, at + batchSize);
    out.push(...vectorsOf(await send(batch), batch.length, dimensions, provider));
  }
  return out;
}
