/**
 * Cuts a long text into chunks for indexing: at paragraph, then sentence, then word boundaries,
 * each at most `maxChars`, with a small overlap so a passage cut in two is still found whole.
 * Text with no break is cut between grapheme clusters (`Intl.Segmenter`), never inside a
 * character: half an emoji would reach the stores as U+FFFD or an unpaired surrogate.
 */
import { codePointBoundary } from '../text/cutAtCodePoint';

/** How texts are chunked. */
export interface ChunkOptions {
  /** Characters per chunk at most (default 1,200). */
  maxChars?: number;
  /** Characters repeated from the previous chunk (default 150). */
  overlap?: number;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** UTF-16 units past `max` segmented to find the cluster holding it (longer ones cut at a code point). */
const CLUSTER_REACH = 64;

/**
 * The last place at or before `max` that is not inside a grapheme cluster (an emoji with its
 * modifiers, a letter with its accents); inside a cluster longer than `max`, a code point.
 */
function clusterBoundary(text: string, max: number): number {
  const start = graphemes.segment(text.slice(0, max + CLUSTER_REACH)).containing(max)?.index;
  return start !== undefined && start > 0 ? start : Math.max(1, codePointBoundary(text, max));
}

/** The best place to cut `text` before `max`: a paragraph, a sentence end, a space, or `max`. */
function cutPoint(text: string, max: number): number {
  const window = text.slice(0, max);
  for (const mark of ['\n\n', '. ', '\n', ' ']) {
    const at = window.lastIndexOf(mark);
    if (at > max / 2) return at + mark.length;
  }
  return clusterBoundary(text, max);
}

/**
 * Where the chunk after `chunk` starts: after the last whitespace (a space or a line break) at
 * least `overlap` characters before its end, so the repeat is whole words; at the end when that
 * would repeat more than twice `overlap` (a long word) or `overlap` is 0.
 */
function nextStart(chunk: string, overlap: number): number {
  const cut = chunk.length;
  if (overlap <= 0) return cut;
  for (let at = cut - overlap; at > 0 && at > cut - overlap * 2; at -= 1) {
    if (/\s/u.test(chunk.charAt(at))) return at + 1;
  }
  return cut;
}

/**
 * The chunks of a text (one when it fits).
 * @example
 * chunkText(longArticle, { maxChars: 800 });
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const max = Math.max(50, options.maxChars ?? 1200);
  const overlap = Math.min(Math.max(0, options.overlap ?? 150), Math.floor(max / 3));
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const chunk = rest.slice(0, cutPoint(rest, max));
    chunks.push(chunk.trim());
    rest = rest.slice(nextStart(chunk, overlap)).trim();
  }
  if (rest || chunks.length === 0) chunks.push(rest);
  return chunks;
}
