/**
 * The prompt cache of the scripted server, as the API documents it: a request's prompt is read in
 * the cache's order (tools, system, messages); each `cache_control` breakpoint writes the prefix up
 * to it (when it holds at least `minTokens`), and a later request whose prefix up to a block within
 * 20 blocks before one of its breakpoints matches a written one reads that prefix from the cache.
 * The usage then splits the input as the API does: `cache_read_input_tokens` (the longest prefix
 * found), `cache_creation_input_tokens` (from there to the last breakpoint written) and
 * `input_tokens` (the rest). Tokens are counted as `promptSegments` counts them.
 */
import { createHash } from 'node:crypto';
import { promptSegments } from './promptSegments';
import type { PromptBody } from './promptSegments';

/** How the scripted server's cache behaves. */
export interface PromptCacheOptions {
  /**
   * The shortest prefix that is cached, in tokens (default 1,024, the documented minimum of the
   * Sonnet and Opus models; shorter breakpoints write nothing).
   */
  minTokens?: number;
}

/** How far before a breakpoint the API looks for a cached prefix, in blocks. */
const LOOKBACK_BLOCKS = 20;

/** The input part of a response's usage. */
export interface CachedUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

const hash = (previous: string, key: string): string =>
  createHash('sha256').update(previous).update('\u0000').update(key).digest('hex');

/** The prefixes one server has cached: prefix hash → its tokens. */
export class PromptCache {
  private readonly written = new Map<string, number>();
  private readonly minTokens: number;

  constructor(options: PromptCacheOptions = {}) {
    this.minTokens = options.minTokens ?? 1024;
  }

  /** Reads and writes the cache for one request; returns its input usage. */
  account(body: PromptBody & { model?: unknown }): CachedUsage {
    const segments = promptSegments(body);
    const hashes: string[] = [];
    const totals: number[] = [];
    let previous = hash('', String(body.model ?? ''));
    let total = 0;
    for (const segment of segments) {
      previous = hash(previous, segment.key);
      total += segment.tokens;
      hashes.push(previous);
      totals.push(total);
    }
    const breakpoints = segments.flatMap((segment, at) => (segment.breakpoint ? [at] : []));
    const hit = this.longestHit(hashes, breakpoints);
    const read = hit < 0 ? 0 : totals[hit];
    let created = read;
    for (const at of breakpoints) {
      if (at <= hit || totals[at] < this.minTokens) continue;
      this.written.set(hashes[at], totals[at]);
      created = totals[at];
    }
    return {
      input_tokens: total - created,
      cache_creation_input_tokens: created - read,
      cache_read_input_tokens: read,
    };
  }

  /** The last block of the longest cached prefix a breakpoint reaches, or -1. */
  private longestHit(hashes: readonly string[], breakpoints: readonly number[]): number {
    let hit = -1;
    for (const at of breakpoints) {
      for (let j = at; j > hit && j > at - LOOKBACK_BLOCKS; j--) {
        if (this.written.has(hashes[j])) {
          hit = j;
          break;
        }
      }
    }
    return hit;
  }
}
