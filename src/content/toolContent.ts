/**
 * Lets a tool method return content blocks (text and images) instead of a string or JSON:
 * `return toolContent('Here is the chart', imageContent(png, 'image/png'))`.
 */
import type { ContentBlock, ImageContent } from './ContentBlock';

const CONTENT = Symbol.for('toolwright:content');

/** A tool result made of content blocks; create it with `toolContent()`. */
export interface ToolContentResult {
  /** Marks the value as made by `toolContent()`. */
  readonly [CONTENT]: true;
  /** The content blocks, in order. */
  readonly blocks: ContentBlock[];
}

/**
 * Wraps blocks (strings become text blocks) as a tool's result.
 * @example
 * return toolContent('Chart of GM this week:', imageContent(pngBuffer, 'image/png'));
 */
export function toolContent(...blocks: Array<ContentBlock | string>): ToolContentResult {
  return {
    [CONTENT]: true,
    blocks: blocks.map((block) =>
      typeof block === 'string' ? { type: 'text', text: block } : block,
    ),
  };
}

/** An image block from bytes or base64 text. */
export function imageContent(
  data: Uint8Array | string,
  mediaType: ImageContent['source']['media_type'],
): ImageContent {
  const base64 = typeof data === 'string' ? data : Buffer.from(data).toString('base64');
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: base64 } };
}

/** True for a value made by `toolContent()`. */
export const isToolContent = (value: unknown): value is ToolContentResult =>
  typeof value === 'object' &&
  value !== null &&
  (value as Record<symbol, unknown>)[CONTENT] === true;
