/**
 * Embeddings from OpenAI or any OpenAI-compatible endpoint (`POST {baseURL}/embeddings`:
 * `input`, `model`, `dimensions`, `encoding_format: 'float'`): OpenAI, Azure, Ollama, vLLM,
 * LiteLLM. The endpoint has no query/document distinction; an optional prefix per input type
 * serves models that expect one (`search_query: `).
 */
import type { EmbedOptions, Embedder } from './Embedder';
import { embedInBatches } from './embedInBatches';
import { fetchJson } from './fetchJson';
import type { FetchLike } from './fetchJson';

/** Options of `OpenAIEmbedder`. */
export interface OpenAIEmbedderOptions {
  /** Sent as a bearer token when given. */
  apiKey?: string;
  /** Default `text-embedding-3-small`. */
  model?: string;
  /** The vectors' size (default 1536); sent as `dimensions` when `sendDimensions`. */
  dimensions?: number;
  /** Ask the endpoint for `dimensions` (text-embedding-3 models; default false). */
  sendDimensions?: boolean;
  /** Default `https://api.openai.com/v1`. */
  baseURL?: string;
  /** Texts per request (default 256). */
  batchSize?: number;
  /** Prefixes per input type, for models trained with them. */
  prefixes?: { query?: string; document?: string };
  /** Milliseconds before one batch's request is given up (default 10,000). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one): a proxy, a recorder, a test double. */
  fetch?: FetchLike;
}

/**
 * Embeddings from an OpenAI-compatible endpoint.
 * @example
 * const embedder = new OpenAIEmbedder({ apiKey: process.env.OPENAI_API_KEY });
 */
export class OpenAIEmbedder implements Embedder {
  /** `{provider}:{model}`, stored with an index so vectors of another model are refused. */
  readonly id: string;
  /** The length of every vector. */
  readonly dimensions: number;

  constructor(private readonly options: OpenAIEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? 1536;
    this.id = `openai:${options.model ?? 'text-embedding-3-small'}`;
  }

  /** One vector per text, in order, sent in batches of `batchSize`. */
  embed(texts: readonly string[], options: EmbedOptions): Promise<number[][]> {
    const base = (this.options.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
    const prefix = this.options.prefixes?.[options.inputType] ?? '';
    const headers: Record<string, string> = this.options.apiKey
      ? { authorization: `Bearer ${this.options.apiKey}` }
      : {};
    const send = (batch: string[]): Promise<unknown> =>
      fetchJson(`${base}/embeddings`, {
        provider: 'The embeddings endpoint',
        fetch: this.options.fetch,
        headers,
        body: {
          input: batch.map((text) => prefix + text),
          model: this.options.model ?? 'text-embedding-3-small',
          encoding_format: 'float',
          ...(this.options.sendDimensions ? { dimensions: this.dimensions } : {}),
        },
        timeoutMs: this.options.timeoutMs,
        signal: options.signal,
      });
    const provider = 'The embeddings endpoint';
    return embedInBatches(texts, this.options.batchSize ?? 256, this.dimensions, provider, send);
  }
}
