/**
 * Builds `search_result` blocks and checks their shape. Apart from `toolContent()` because the
 * shape check is shared by the layers that read blocks back (stored paused runs, the testing
 * kit's scripted server).
 */
import type { SearchResultContent } from './ContentBlock';

/** A search result as a tool finds it. */
export interface SearchResultInput {
  /** A URL or a stable id: what a citation names. */
  source: string;
  /** The result's title. */
  title: string;
  /** The text: one string, or passages (each becomes a block a citation may point to). */
  text: string | readonly string[];
  /** Let the model cite it (default true). */
  citations?: boolean;
}

/**
 * A `search_result` block with citations enabled.
 * @example
 * return toolContent(searchResultContent({ source: 'https://example.com/a', title: 'A', text: '…' }));
 */
export function searchResultContent(input: SearchResultInput): SearchResultContent {
  const passages = typeof input.text === 'string' ? [input.text] : [...input.text];
  return {
    type: 'search_result',
    source: input.source,
    title: input.title,
    content: (passages.length ? passages : ['']).map((text) => ({ type: 'text', text })),
    citations: { enabled: input.citations ?? true },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a value is not a well-formed `search_result` block, or undefined when it is one. */
export function searchResultProblem(block: unknown): string | undefined {
  if (!isObject(block) || block.type !== 'search_result') return 'is not a search_result block';
  if (typeof block.source !== 'string' || !block.source) return 'source must be a non-empty string';
  if (typeof block.title !== 'string') return 'title must be a string';
  if (!Array.isArray(block.content) || block.content.length === 0) {
    return 'content must be a non-empty array of text blocks';
  }
  const bad = block.content.findIndex(
    (part) => !isObject(part) || part.type !== 'text' || typeof part.text !== 'string',
  );
  if (bad >= 0) return `content.${bad} must be a text block`;
  if (
    block.citations !== undefined &&
    !(isObject(block.citations) && typeof block.citations.enabled === 'boolean')
  ) {
    return 'citations must be { enabled: boolean }';
  }
  return undefined;
}

/** Why a value is not a content block a tool may return, or undefined when it is one. */
export function contentBlockProblem(block: unknown): string | undefined {
  if (!isObject(block)) return 'must be an object';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? undefined : 'text must be a string';
    case 'image':
      return isObject(block.source) && typeof block.source.data === 'string'
        ? undefined
        : 'source must be a base64 image source';
    case 'search_result':
      return searchResultProblem(block);
    default:
      return `type ${JSON.stringify(block.type)} is not text, image or search_result`;
  }
}
