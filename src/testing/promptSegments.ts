/**
 * A request's prompt as the API reads it for caching and for token budgets: its blocks in the
 * cache's order (tools, then system, then every message's blocks), each with a token count. The
 * count is an approximation, documented in docs/testing.md: one token per four characters of the
 * block's JSON (as sent, without `cache_control`), rounded up. Deferred tools (`defer_loading`)
 * are left out, as the API leaves them out of the prefix. The prompt cache, context editing
 * and compaction of the scripted server all count with it, so their numbers agree.
 */

/** One block of the prompt. */
export interface PromptSegment {
  /** The block as the cache compares it: its JSON without `cache_control` (and, in a message, its role). */
  key: string;
  /** Its approximate tokens. */
  tokens: number;
  /** The block carries `cache_control`: a cache breakpoint. */
  breakpoint: boolean;
}

/** The approximate tokens of a value: its JSON's characters over four, rounded up. */
export function approxTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return Math.ceil(text.length / 4);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function segment(block: unknown, role?: unknown): PromptSegment {
  const { cache_control, ...rest } = isObject(block) ? block : { text: block };
  const breakpoint = cache_control !== undefined && cache_control !== null;
  const key = JSON.stringify(role === undefined ? rest : { role, block: rest });
  return { key, tokens: approxTokens(rest), breakpoint };
}

/** The blocks of a message's `content`: a string is one text block. */
export function contentBlocks(message: unknown): unknown[] {
  const content = isObject(message) ? message.content : undefined;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

/** The parts of a request body that make its prompt. */
export interface PromptBody {
  /** Tool definitions, first in the prompt. */
  tools?: unknown[];
  /** The system prompt: a string or text blocks. */
  system?: unknown;
  /** The conversation. */
  messages?: unknown[];
  /** A top-level `cache_control`: a breakpoint on the last block. */
  cache_control?: unknown;
}

/**
 * A tool sent with `defer_loading: true`: not in the prompt, nor in the cached prefix, until a
 * `tool_reference` loads it (the API then expands it where the reference is).
 */
const isDeferred = (tool: unknown): boolean => isObject(tool) && tool.defer_loading === true;

/** The prompt of a request body, block by block (a top-level `cache_control` marks the last). */
export function promptSegments(body: PromptBody): PromptSegment[] {
  const segments: PromptSegment[] = (body.tools ?? [])
    .filter((tool) => !isDeferred(tool))
    .map((tool) => segment(tool));
  if (typeof body.system === 'string') segments.push(segment({ type: 'text', text: body.system }));
  else if (Array.isArray(body.system)) segments.push(...body.system.map((block) => segment(block)));
  for (const message of body.messages ?? []) {
    const role = isObject(message) ? message.role : undefined;
    segments.push(...contentBlocks(message).map((block) => segment(block, role)));
  }
  const last = segments[segments.length - 1];
  if (last && isObject(body.cache_control)) last.breakpoint = true;
  return segments;
}

/** The approximate input tokens of a request body. */
export function requestTokens(body: PromptBody): number {
  return promptSegments(body).reduce((sum, { tokens }) => sum + tokens, 0);
}
