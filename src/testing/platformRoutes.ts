/**
 * The routes of the three places Claude is served from, as the official clients call them: the
 * Messages API (`POST /v1/messages`), Amazon Bedrock's `InvokeModel` routes (`/model/{id}/invoke`
 * and `/invoke-with-response-stream`) and Vertex AI's (`…/publishers/anthropic/models/{model}:
 * rawPredict` and `:streamRawPredict`). One table, so the server answers every platform from the
 * same scripted turns.
 */
import type { ScriptedPlatform } from './types';

/** What a request path asks for. */
export interface RouteMatch {
  platform: ScriptedPlatform;
  kind: 'messages' | 'count_tokens';
  /** The model named in the path (Bedrock, Vertex); the Messages API has it in the body. */
  model?: string;
  /** Whether the route streams (Bedrock, Vertex); the Messages API says it in the body. */
  stream?: boolean;
}

interface Route {
  pattern: RegExp;
  match(groups: string[]): RouteMatch;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Matched against the path without its query; a base URL's path prefix is allowed before each. */
const ROUTES: Route[] = [
  {
    pattern: /^\/v1\/messages\/count_tokens$/,
    match: () => ({ platform: 'anthropic', kind: 'count_tokens' }),
  },
  { pattern: /^\/v1\/messages$/, match: () => ({ platform: 'anthropic', kind: 'messages' }) },
  {
    pattern: /\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/,
    match: ([model, action]) => ({
      platform: 'bedrock',
      kind: 'messages',
      model: decode(model),
      stream: action === 'invoke-with-response-stream',
    }),
  },
  {
    pattern:
      /\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/count-tokens:rawPredict$/,
    match: () => ({ platform: 'vertex', kind: 'count_tokens' }),
  },
  {
    pattern:
      /\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/]+?)(?::|%3A)(rawPredict|streamRawPredict)$/,
    match: ([model, action]) => ({
      platform: 'vertex',
      kind: 'messages',
      model: decode(model),
      stream: action === 'streamRawPredict',
    }),
  },
];

/** The route of a `POST` path, or `null` when no platform serves it. */
export function matchRoute(path: string): RouteMatch | null {
  const pathname = path.split('?')[0];
  for (const route of ROUTES) {
    const found = route.pattern.exec(pathname);
    if (found) return route.match(found.slice(1));
  }
  return null;
}
