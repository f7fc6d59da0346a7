/**
 * A scripted Messages API server on loopback: the real SDK client talks HTTP to it and gets
 * JSON or server-sent events exactly as from the API, errors in the API's shape, delays and
 * broken streams on demand. Nothing is mocked on the client side.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { checkPairing } from './checkPairing';
import { checkProgrammatic } from './checkProgrammatic';
import { CompactionLedger } from './compaction';
import { compactionSummaryOf, manageContext, replyWithContext } from './contextManagement';
import { PromptCache } from './promptCache';
import { checkStrictTools } from './strictSubset';
import { checkSearchResults } from './searchResults';
import { checkToolSearch } from './checkToolSearch';
import { errorBody, isRefusal } from './errorBody';
import type { Refusal } from './errorBody';
import { platformError } from './platformErrors';
import { matchRoute } from './platformRoutes';
import type { ScriptedPlatform } from './types';
import { replyMessage } from './replyMessage';
import { sendStream } from './sendStream';
import { framingOf } from './streamFraming';
import type {
  RecordedRequest,
  ScriptedError,
  ScriptedServer,
  ScriptedServerOptions,
  ScriptedTurn,
} from './types';

/** What a request to an unknown route is told. */
const NOT_SERVED =
  'scripted server serves POST /v1/messages, Bedrock /model/{id}/invoke[-with-response-stream] and Vertex …/publishers/anthropic/models/{model}:rawPredict|streamRawPredict';

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

function sendError(res: ServerResponse, turn: ScriptedError, platform: ScriptedPlatform): void {
  const { status, type, message, retryAfter, headers } = turn.error;
  const error = platformError(platform, status, message ?? `scripted ${status}`, type);
  const extra: Record<string, string> = { ...error.headers, ...headers };
  if (retryAfter !== undefined) extra['retry-after'] = String(retryAfter);
  sendJson(res, status, error.body, extra);
}

/** A rough token count, as `count_tokens` answers. */
const countTokens = (body: RecordedRequest['body']): { input_tokens: number } => ({
  input_tokens: Math.max(1, Math.ceil(JSON.stringify(body.messages ?? []).length / 4)),
});

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
  // The containers the replies named, by id: a request answering calls from code in an expired one is refused.
  const containers = new Map<string, string>();
  // The ids a script leaves out are this server's own: a second run never repeats the first's.
  const idPrefix = randomBytes(4).toString('hex');
  const compactions = new CompactionLedger();
  const cache = options.promptCache
    ? new PromptCache(options.promptCache === true ? {} : options.promptCache)
    : undefined;

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
    const route = matchRoute(req.url ?? '/');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body,
      index: received++,
      platform: route?.platform ?? 'anthropic',
      model: route?.model ?? (typeof body.model === 'string' ? body.model : undefined),
    };
    if (options.record !== false) requests.push(request);
    if (request.method !== 'POST' || !route) {
      sendJson(res, 404, errorBody(404, NOT_SERVED));
      return;
    }
    const refuse = (refusal: Refusal): void => {
      const error = platformError(route.platform, 400, refusal);
      sendJson(res, 400, error.body, error.headers);
    };
    if (route.kind === 'count_tokens') {
      sendJson(res, 200, countTokens(body));
      return;
    }
    if (route.platform !== 'anthropic' && typeof body.anthropic_version !== 'string') {
      refuse('anthropic_version: field required');
      return;
    }
    const violation = options.checkPairing === false ? null : checkPairing(body.messages ?? []);
    if (violation) {
      pairingViolations.push({ request, reason: violation });
      refuse(violation);
      return;
    }
    const blockProblem = checkSearchResults(body.messages ?? []);
    if (blockProblem) {
      sendJson(res, 400, errorBody(400, blockProblem));
      return;
    }
    const searchProblem = checkToolSearch(body.tools, body.messages ?? []);
    if (searchProblem) {
      refuse(searchProblem);
      return;
    }
    const strictProblem = options.checkStrictTools === false ? null : checkStrictTools(body.tools);
    if (strictProblem) {
      refuse(strictProblem);
      return;
    }
    const programmaticProblem =
      options.checkProgrammatic === false
        ? null
        : checkProgrammatic(body, route.platform, containers);
    if (programmaticProblem) {
      refuse(programmaticProblem);
      return;
    }
    const context = manageContext(request, compactions, () =>
      compactionSummaryOf(options.compactionSummary, request),
    );
    if (isRefusal(context)) {
      refuse(context);
      return;
    }
    // A compaction that pauses answers with its block alone: the scripted turn waits.
    const turn = context.pause ? undefined : pick(request);
    if (!turn && !context.pause) {
      refuse(`scripted server has no turn for request #${request.index}`);
      return;
    }
    await sleep(turn?.delayMs ?? 0);
    if (turn && 'error' in turn) {
      sendError(res, turn, route.platform);
      return;
    }
    const container = turn?.container as { id?: unknown; expires_at?: unknown } | null | undefined;
    if (typeof container?.id === 'string' && typeof container.expires_at === 'string') {
      containers.set(container.id, container.expires_at);
    }
    const reply = replyWithContext(turn, context);
    // The input tokens as the cache splits them (a script's own usage wins).
    if (cache)
      reply.usage = { ...cache.account({ ...context.read, model: request.model }), ...reply.usage };
    const model = options.model ?? request.model ?? 'scripted-model';
    const place = { turn: request.index, idPrefix };
    const streamed = route.stream ?? body.stream === true;
    if (streamed) await sendStream(res, reply, place, model, framingOf(route.platform));
    else sendJson(res, 200, replyMessage(reply, place, model));
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
