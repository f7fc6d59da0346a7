/**
 * Voyage AI embeddings (`POST /v1/embeddings`: `input`, `model`, `input_type` query or
 * document, `output_dimension`), the embedder Anthropic recommends. Batches keep their order by
 * `index`; 429 and time-outs surface as `SearchSourceError`.
 */
import type { EmbedOptions, Embedder } from './Embedder';
import { embedInBatches } from './embedInBatches';
import { fetchJson } from './fetchJson';
import type { FetchLike } from './fetchJson';

/** Options of `VoyageEmbedder`. */
export interface VoyageEmbedderOptions {
  /** The Voyage AI API key, sent as a bearer token. */
  apiKey: string;
  /** Default `voyage-3.5`. */
  model?: string;
  /** The model's output size (default 1024). */
  dimensions?: number;
  /** Default `https://api.voyageai.com/v1`. */
  baseURL?: string;
  /** Texts per request (default 128). */
  batchSize?: number;
  /** Milliseconds before one batch's request is given up (default 10,000). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one): a proxy, a recorder, a test double. */
  fetch?: FetchLike;
}

/**
 * Embeddings from Voyage AI.
 * @example
 * const embedder = new VoyageEmbedder({ apiKey: process.env.VOYAGE_API_KEY! });
 */
export class VoyageEmbedder implements Embedder {
  /** `{provider}:{model}`, stored with an index so vectors of another model are refused. */
  readonly id: string;
  /** The length of every vector. */
  readonly dimensions: number;

  constructor(private readonly options: VoyageEmbedderOptions) {
    this.dimensions = options.dimensions ?? 1024;
    this.id = `voyage:${options.model ?? 'voyage-3.5'}`;
  }

  /** One vector per text, in order, sent in batches of `batchSize`. */
  embed(texts: readonly string[], options: EmbedOptions): Promise<number[][]> {
    const base = (this.options.baseURL ?? 'https://api.voyageai.com/v1').replace(/\/+$/, '');
    const send = (batch: string[]): Promise<unknown> =>
      fetchJson(`${base}/embeddings`, {
        provider: 'Voyage AI',
        fetch: this.options.fetch,
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        body: {
          input: batch,
          model: this.options.model ?? 'voyage-3.5',
          input_type: options.inputType,
          ...(this.options.dimensions ? { output_dimension: this.options.dimensions } : {}),
        },
        timeoutMs: this.options.timeoutMs,
        signal: options.signal,
      });
    return embedInBatches(texts, this.options.batchSize ?? 128, this.dimensions, 'Voyage AI', send);
  }
}
