/**
 * The citations of a final answer, typed: for each `search_result_location` citation of the
 * message's text blocks, which search result it points to (its index among the request's
 * `search_result` blocks), its source and title, the cited text and the answer text citing it.
 */
import type { Message } from '@anthropic-ai/sdk/resources/messages';

/** One citation of the final answer to a search result a tool returned. */
export interface AnswerCitation {
  /** 0-based index of the cited result among every `search_result` block of the conversation. */
  searchResultIndex: number;
  /** The cited result's source (URL or id), as the tool gave it. */
  source: string;
  /** The cited search result's title, as the tool gave it. */
  title: string | null;
  /** The text of the cited blocks of the result. */
  citedText: string;
  /** The cited range of the result's text blocks (end exclusive). */
  startBlockIndex: number;
  /** The end of the cited range of the result's text blocks (exclusive). */
  endBlockIndex: number;
  /** The answer's text that makes the claim (the text block carrying the citation). */
  text: string;
}

/**
 * The search-result citations of a message's text blocks, in order.
 * @example
 * for (const c of answerCitations(result.message)) console.log(c.source, c.citedText);
 */
export function answerCitations(message: Message): AnswerCitation[] {
  const out: AnswerCitation[] = [];
  for (const block of message.content) {
    if (block.type !== 'text') continue;
    for (const citation of block.citations ?? []) {
      if (citation.type !== 'search_result_location') continue;
      out.push({
        searchResultIndex: citation.search_result_index,
        source: citation.source,
        title: citation.title,
        citedText: citation.cited_text,
        startBlockIndex: citation.start_block_index,
        endBlockIndex: citation.end_block_index,
        text: block.text,
      });
    }
  }
  return out;
}
