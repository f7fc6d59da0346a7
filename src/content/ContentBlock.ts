/**
 * The content blocks a tool's result may hold (text and base64 images), as the Anthropic
 * Messages API takes them in a `tool_result`. The lowest layer of results: the registry, the
 * wire formats and `toolContent()` all speak it.
 */

/** A text block of a tool's result. */
export interface TextContent {
  type: 'text';
  text: string;
}

/** An image block of a tool's result (base64 data). */
export interface ImageContent {
  type: 'image';
  source: {
    type: 'base64';
    media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
    data: string;
  };
}

/** A content block a tool may return through `toolContent()`. */
export type ContentBlock = TextContent | ImageContent;
