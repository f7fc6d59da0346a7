/**
 * Elasticsearch or OpenSearch as a source (`POST /{index}/_search`): a `multi_match` over the
 * text fields with `highlight` fragments as the passages. The model cites the document's URL
 * field or its `_id`, never the cluster's address; the API key stays in the header.
 */
import { fetchJson } from './fetchJson';
import type { FetchLike } from './fetchJson';
import { plainText } from './plainText';
import type { SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `ElasticsearchSource`. */
export interface ElasticsearchSourceOptions {
  /** The cluster's URL (internal: never shown to the model). */
  node: string;
  /** The index searched (an alias works too). */
  index: string;
  /** Sent as `Authorization: ApiKey …`. */
  apiKey?: string;
  /** Searched fields (default `['title^2', 'text']`). */
  fields?: string[];
  /** The field holding the title (default `title`). */
  titleField?: string;
  /** The field holding the text, searched and highlighted (default `text`). */
  textField?: string;
  /** A field holding a public URL to cite instead of the id. */
  urlField?: string;
  /** Milliseconds before a request is given up (default 10,000). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one): a proxy, a recorder, a test double. */
  fetch?: FetchLike;
}

interface EsHit {
  _id?: string;
  _score?: number;
  _source?: Record<string, unknown>;
  highlight?: Record<string, string[]>;
}

/**
 * Documents from an Elasticsearch or OpenSearch index.
 * @example
 * registry.register(new DocumentSearch(new ElasticsearchSource({ node, index: 'docs' })));
 */
export class ElasticsearchSource implements SearchSource {
  constructor(private readonly options: ElasticsearchSourceOptions) {}

  /** The index's best documents for a request, their highlighted fragments (else their text) as the passages. */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const { node, index } = this.options;
    const titleField = this.options.titleField ?? 'title';
    const textField = this.options.textField ?? 'text';
    const filters = Object.entries(request.filters ?? {}).map(([field, value]) => ({
      term: { [field]: value },
    }));
    const body = {
      size: request.maxResults,
      query: {
        bool: {
          must: {
            multi_match: {
              query: request.query,
              fields: this.options.fields ?? [`${titleField}^2`, textField],
            },
          },
          ...(filters.length ? { filter: filters } : {}),
        },
      },
      highlight: { fields: { [textField]: { fragment_size: 300, number_of_fragments: 3 } } },
    };
    const answer = (await fetchJson(
      `${node.replace(/\/+$/, '')}/${encodeURIComponent(index)}/_search`,
      {
        provider: 'The search index',
        fetch: this.options.fetch,
        headers: this.options.apiKey ? { authorization: `ApiKey ${this.options.apiKey}` } : {},
        body,
        timeoutMs: this.options.timeoutMs,
        signal: request.signal,
      },
    )) as { hits?: { hits?: EsHit[] } } | null;
    return (answer?.hits?.hits ?? []).map((hit) => {
      const source = hit._source ?? {};
      const url = this.options.urlField ? source[this.options.urlField] : undefined;
      const fragments = hit.highlight?.[textField];
      const text = fragments?.length ? fragments.join(' … ') : String(source[textField] ?? '');
      return {
        source: typeof url === 'string' ? url : String(hit._id),
        title: String(source[titleField] ?? hit._id),
        text: plainText(text),
        score: hit._score,
      };
    });
  }
}
