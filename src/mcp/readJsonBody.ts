/**
 * Reads the JSON body of an MCP POST before the SDK transport sees it. The transport reads an
 * unparsed body through a web `Request` stream, which costs more CPU per call than reading the
 * Node stream here; and a parsed body tells the endpoint which JSON-RPC requests the POST
 * carries (what `cancelOnDisconnect` cancels) without an async context per request. Same
 * limits and answers as the SDK's own reader: 4 MiB (413), invalid JSON 400 with -32700.
 * Requests the SDK refuses before reading (wrong Accept or Content-Type) are left to it.
 * `bodyOf` is what both HTTP endpoints (`toolwright/mcp`, `toolwright/mcp2`) call: a body a
 * parser already read, else this reader's.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpRejection } from './httpGuards';

/** The SDK's default body limit (its `DEFAULT_MAX_REQUEST_BODY_SIZE`). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A body read here, a refusal to send, or `skipped`: the SDK's transport answers it. */
export type JsonBody = { body: unknown } | { rejection: HttpRejection } | { skipped: true };

/** Whether the SDK will read this request's body (a POST that accepts both stream kinds, in JSON). */
function sdkWouldRead(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}

const tooLarge = (limit: number): { rejection: HttpRejection } => ({
  rejection: {
    status: 413,
    message: `Payload Too Large: Request body must not exceed ${limit} bytes`,
  },
});

/** The raw bytes of a request, or undefined once more than `limit` arrived. */
async function readBytes(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) return undefined;
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
}

/**
 * The parsed body of an MCP POST, or the refusal the SDK would have sent.
 * @example
 * const read = await readJsonBody(req);
 * if ('rejection' in read) return sendRejection(res, read.rejection);
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<JsonBody> {
  if (!sdkWouldRead(req)) return { skipped: true };
  if (Number(req.headers['content-length']) > limit) return tooLarge(limit);
  const bytes = await readBytes(req, limit);
  if (!bytes) return tooLarge(limit);
  try {
    return { body: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return { rejection: { status: 400, code: -32700, message: 'Parse error: Invalid JSON' } };
  }
}

/**
 * The body of a request to an MCP endpoint: the caller's `parsedBody` (a body parser ran), else
 * the one `readJsonBody` reads (undefined where it leaves the request to the SDK), else the
 * refusal to send.
 * @example
 * const read = await bodyOf(req, parsedBody);
 * if ('rejection' in read) return sendRejection(res, read.rejection);
 */
export async function bodyOf(
  req: IncomingMessage,
  parsedBody: unknown,
): Promise<{ body: unknown } | { rejection: HttpRejection }> {
  if (parsedBody !== undefined) return { body: parsedBody };
  const read = await readJsonBody(req);
  if ('rejection' in read) return read;
  return { body: 'body' in read ? read.body : undefined };
}
