/**
 * The betas a request asks for: the `anthropic-beta` header (the Messages API, Vertex AI), or the
 * body's `anthropic_beta` list (Amazon Bedrock's `InvokeModel`, where the client moves them).
 */
import type { RecordedRequest } from './types';

/** Every beta the request names, trimmed. */
export function requestBetas(request: Pick<RecordedRequest, 'headers' | 'body'>): string[] {
  const header = request.headers['anthropic-beta'];
  const fromHeader = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const fromBody = Array.isArray(request.body.anthropic_beta) ? request.body.anthropic_beta : [];
  return [...fromHeader, ...fromBody.map(String)].map((beta) => beta.trim()).filter(Boolean);
}
