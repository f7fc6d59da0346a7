/**
 * The content blocks a tool's result may hold (text, base64 images and search results), as the Anthropic
 * Messages API takes them in a `tool_result`. The lowest layer of results: the registry, the
 * wire formats and `toolContent()` all speak it.
 */

/** A text block of a tool's result. */
export interface TextContent {
  /** A text block. */
  type: 'text';
  /** The text. */
  text: string;
}

/** An image block of a tool's result (base64 data). */
export interface ImageContent {
  /** An image block. */
  type: 'image';
  /** The image, base64-encoded, and its media type. */
  source: {
    type: 'base64';
    media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
    data: string;
  };
}

/**
 * One search result of a tool's result: on the Anthropic wire a `search_result` block the model
 * can cite (`search_result_location`); on MCP, OpenAI and the legacy XML format an `<item>` of
 * a `<search_results>` text. Make it with `searchResultContent()`.
 */
export interface SearchResultContent {
  /** A search result block (the Messages API cites it). */
  type: 'search_result';
  /** Where the text comes from: a URL or a stable id (what a citation names). */
  source: string;
  /** The result's title. */
  title: string;
  /** The text, in blocks (the unit a citation points to). */
  content: TextContent[];
  /** Whether the model may cite it (on by default through `searchResultContent()`). */
  citations?: { enabled: boolean };
}

/** A content block a tool may return through `toolContent()`. */
export type ContentBlock = TextContent | ImageContent | SearchResultContent;
