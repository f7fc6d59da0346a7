/**
 * A scripted Messages API server on loopback: the real SDK client talks HTTP to it and gets
 * JSON or server-sent events exactly as from the API, errors in the API's shape, delays and
 * broken streams on demand. Nothing is mocked on the client side.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { checkPairing } from './checkPairing';
import { checkStrictTools } from './strictSubset';
import { checkSearchResults } from './searchResults';
import { errorBody } from './errorBody';
import { replyEvents, replyMessage } from './replyMessage';
import type { SseEvent } from './replyMessage';
import type {
  RecordedRequest,
  ScriptedError,
  ScriptedReply,
  ScriptedServer,
  ScriptedServerOptions,
  ScriptedTurn,
} from './types';

const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': 'req_scripted',
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, turn: ScriptedError): void {
  const { status, type, message, retryAfter, headers } = turn.error;
  const extra: Record<string, string> = { ...headers };
  if (retryAfter !== undefined) extra['retry-after'] = String(retryAfter);
  sendJson(res, status, errorBody(status, message ?? `scripted ${status}`, type), extra);
}

function sseText(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Writes a streamed reply event by event, honouring delays, cuts and error events. */
async function sendStream(
  res: ServerResponse,
  reply: ScriptedReply,
  turn: number,
  model: string,
): Promise<void> {
  const options = reply.stream ?? {};
  const events = replyEvents(reply, turn, model);
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': 'req_scripted',
  });
  const delay = options.delayMs ?? 0;
  const paced = delay > 0 || options.pauses !== undefined || options.gates !== undefined;
  if (!paced && options.cutAfter === undefined && options.errorAfter === undefined) {
    res.end(events.map(sseText).join(''));
    return;
  }
  for (const [index, event] of events.entries()) {
    if (res.destroyed) return;
    if (index === options.cutAfter) {
      // Flush what was written (so the client has the response and its first events), then cut.
      await new Promise<void>((resolve) => res.write(': cut\n\n', () => resolve()));
      await sleep(5);
      res.socket?.destroy();
      return;
    }
    if (index === options.errorAfter) {
      const error = options.error ?? { type: 'overloaded_error', message: 'Overloaded' };
      res.end(sseText({ event: 'error', data: { type: 'error', error } }));
      return;
    }
    await sleep((index > 0 ? delay : 0) + (options.pauses?.[index] ?? 0));
    const gate = options.gates?.[index];
    if (gate) await Promise.resolve(gate).then(undefined, () => undefined);
    if (res.destroyed) return;
    res.write(sseText(event));
  }
  res.end();
}

/**
 * Starts a scripted Messages API server on 127.0.0.1 (a free port).
 * @example
 * const server = await startScriptedServer({ turns: [{ content: [{ type: 'text', text: 'Hi' }] }] });
 * const client = new Anthropic({ apiKey: 'test', baseURL: server.url });
 * await client.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'Hello' }] });
 * await server.close();
 */
export async function startScriptedServer(options: ScriptedServerOptions): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const pairingViolations: ScriptedServer['pairingViolations'] = [];
  const sockets = new Set<Socket>();
  let received = 0;
  let scripted = 0;

  const pick = (request: RecordedRequest): ScriptedTurn | undefined => {
    if (typeof options.turns === 'function') return options.turns(request);
    return options.turns[scripted++];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req);
    let body: RecordedRequest['body'];
    try {
      body = text ? (JSON.parse(text) as RecordedRequest['body']) : {};
    } catch {
      sendJson(res, 400, errorBody(400, 'request body is not valid JSON'));
      return;
    }
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
      index: received++,
    };
    if (options.record !== false) requests.push(request);
    if (request.method !== 'POST' || !request.path.startsWith('/v1/messages')) {
      sendJson(res, 404, errorBody(404, `scripted server only serves POST /v1/messages`));
      return;
    }
    if (request.path.startsWith('/v1/messages/count_tokens')) {
      const size = JSON.stringify(body.messages ?? []).length;
      sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(size / 4)) });
      return;
    }
    const violation = options.checkPairing === false ? null : checkPairing(body.messages ?? []);
    if (violation) {
      pairingViolations.push({ request, reason: violation });
      sendJson(res, 400, errorBody(400, violation));
      return;
    }
    const blockProblem = checkSearchResults(body.messages ?? []);
    if (blockProblem) {
      sendJson(res, 400, errorBody(400, blockProblem));
      return;
    }
    const strictProblem = options.checkStrictTools === false ? null : checkStrictTools(body.tools);
    if (strictProblem) {
      sendJson(res, 400, errorBody(400, strictProblem));
      return;
    }
    const turn = pick(request);
    if (!turn) {
      sendJson(
        res,
        400,
        errorBody(400, `scripted server has no turn for request #${request.index}`),
      );
      return;
    }
    await sleep(turn.delayMs ?? 0);
    if ('error' in turn) {
      sendError(res, turn);
      return;
    }
    const model = options.model ?? String(body.model ?? 'scripted-model');
    if (body.stream) await sendStream(res, turn, request.index, model);
    else sendJson(res, 200, replyMessage(turn, request.index, model));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, String(error)));
      else res.destroy();
    });
  });
  // Idle keep-alive sockets are closed by the client only: a server-side idle timeout races the
  // client's reuse of the socket and resets requests (ECONNRESET) under load.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    pairingViolations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
