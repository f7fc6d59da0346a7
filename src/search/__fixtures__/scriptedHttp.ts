/**
 * A scripted HTTP server on loopback for the search sources and embedders: each request is
 * recorded (method, path, query, headers, JSON body) and answered by the test's function, which
 * may hold the response (a gate) to provoke a time-out.
 */
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HttpRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HttpAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Hold the answer until this settles (never settling: the client times out). */
  hold?: Promise<unknown>;
}

export interface ScriptedHttp {
  url: string;
  requests: HttpRequest[];
  close(): Promise<void>;
}

export async function startScriptedHttp(
  answer: (request: HttpRequest) => HttpAnswer,
): Promise<ScriptedHttp> {
  const requests: HttpRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: HttpRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(request);
      const reply = answer(request);
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (reply.hold) void reply.hold.then(send, send);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A promise that never settles: holds a response until the client gives up. */
export const never = (): Promise<never> => new Promise<never>(() => undefined);
