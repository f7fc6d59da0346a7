/**
 * The `<search_results>` text that stands for `search_result` blocks where a format has no such
 * block (MCP, OpenAI, the legacy XML prompt): the seed's `<item index="1"><source>…</source>
 * <page_content>…</page_content></item>` shape, every value XML-escaped so a document holding
 * `</page_content></item>` stays text inside its own item.
 */
import type { ContentBlock, SearchResultContent } from '../../content/ContentBlock';
import { escapeXml } from './escapeXml';

/** One `<item>`, numbered from 1. */
function renderItem(result: SearchResultContent, index: number): string {
  const text = result.content.map((part) => part.text).join('\n');
  return [
    `<item index="${index}">`,
    `<source>${escapeXml(result.source)}</source>`,
    `<title>${escapeXml(result.title)}</title>`,
    `<page_content>${escapeXml(text)}</page_content>`,
    '</item>',
  ].join('\n');
}

/**
 * Search results as one `<search_results>` text, numbered from `first` (default 1).
 * @example
 * renderSearchResults([searchResultContent({ source: 'doc-1', title: 'A', text: '…' })]);
 */
export function renderSearchResults(results: readonly SearchResultContent[], first = 1): string {
  return [
    '<search_results>',
    ...results.map((result, at) => renderItem(result, first + at)),
    '</search_results>',
  ].join('\n');
}

/**
 * Blocks as text: text blocks through `text` (as is, or escaped for the XML prompt), an image as
 * a short placeholder, each run of search results as one `<search_results>` (numbered across
 * the whole content, as the Anthropic wire counts them).
 */
export function blocksText(
  content: readonly ContentBlock[],
  text: (value: string) => string = (value) => value,
): string {
  const parts: string[] = [];
  let run: SearchResultContent[] = [];
  let seen = 0;
  const flush = (): void => {
    if (!run.length) return;
    parts.push(renderSearchResults(run, seen - run.length + 1));
    run = [];
  };
  for (const block of content) {
    if (block.type === 'search_result') {
      run.push(block);
      seen += 1;
      continue;
    }
    flush();
    if (block.type === 'text') parts.push(text(block.text));
    else parts.push(text(`[${block.type}: ${block.source?.media_type ?? 'binary'}]`));
  }
  flush();
  return parts.join('\n');
}
