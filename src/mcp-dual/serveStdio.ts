/**
 * Both revisions over stdio: the connection's first message decides, as `serveStdio` of the SDK
 * 2.x does. A message carrying the 2026-07-28 envelope claim (`server/discover`, or any request
 * with `io.modelcontextprotocol/protocolVersion` in its `_meta`) opens a 2026 connection, served
 * by the SDK 2.x `serveStdio`; anything else (an `initialize`) a 2025 connection, served by
 * `toolwright/mcp`'s server with its tasks and elicitation. The first message is replayed to the
 * server chosen.
 */
import { PassThrough } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport as LegacyStdioTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import {
  serveStdio as serveModernStdio,
  StdioServerTransport,
} from '@modelcontextprotocol/server/stdio';
import { createMcpServer } from '../mcp/createMcpServer';
import type { McpToolSource } from '../mcp/types';
import { createModernMcpServer } from './createModernMcpServer';
import type { DualMcpServerOptions } from './types';

/** A running stdio server. */
export interface McpStdioServer {
  /** Which revision the connection opened with. */
  readonly era: 'legacy' | 'modern';
  /** Closes the connection's server and transport. */
  close(): Promise<void>;
}

/** Where the connection reads and writes; default the process's stdin and stdout. */
export interface McpStdioStreams {
  /** Where the client's messages are read from. Default `process.stdin`. */
  stdin?: Readable;
  /** Where the server's messages are written. Default `process.stdout`. */
  stdout?: Writable;
}

/** The bytes up to the end of the first line, and what that line parses to. */
function firstLine(stdin: Readable): Promise<{ head: Buffer; message: unknown }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const head = Buffer.concat(chunks);
      const end = head.indexOf(10);
      if (end < 0) return;
      stdin.off('data', onData);
      stdin.off('error', reject);
      stdin.pause();
      let message: unknown;
      try {
        message = JSON.parse(head.subarray(0, end).toString('utf8'));
      } catch {
        message = undefined;
      }
      resolve({ head, message });
    };
    stdin.on('data', onData);
    stdin.once('error', reject);
  });
}

/** Whether a message carries the 2026-07-28 envelope claim. */
function isModern(message: unknown): boolean {
  const params = (message as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params;
  return typeof params?._meta?.[PROTOCOL_VERSION_META_KEY] === 'string';
}

/**
 * Serves the registry on stdio to a client of either revision; resolves once the first message
 * has chosen the revision.
 * @example
 * await serveStdio(registry, { name: 'stocks', version: '1.0.0' });
 */
export async function serveStdio(
  registry: McpToolSource,
  options: DualMcpServerOptions,
  streams: McpStdioStreams = {},
): Promise<McpStdioServer> {
  const stdin = streams.stdin ?? process.stdin;
  const stdout = streams.stdout ?? process.stdout;
  const { head, message } = await firstLine(stdin);
  const input = new PassThrough();
  input.write(head);
  stdin.pipe(input);
  if (isModern(message)) {
    const handle = serveModernStdio(() => createModernMcpServer(registry, options), {
      legacy: 'reject',
      transport: new StdioServerTransport(input, stdout),
      onerror: (error) => options.logger?.warn(`MCP: ${error.message}`),
    });
    return { era: 'modern', close: () => handle.close() };
  }
  const server = createMcpServer(registry, options);
  await server.connect(new LegacyStdioTransport(input, stdout));
  return { era: 'legacy', close: () => server.close() };
}
