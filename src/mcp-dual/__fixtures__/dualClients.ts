/**
 * The clients the dual-revision suites drive, all real: the SDK 1.x client (`v1`, which speaks
 * 2025-11-25), and the SDK 2.x client in its default mode (`v2-default`, 2025-11-25 too), in
 * `auto` mode (`v2-auto`, 2026-07-28 after its `server/discover` probe) and pinned to
 * 2026-07-28 (`v2-pinned`). Each answers approval questions with `approveWith`.
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/client';

/** The client kinds, by the revision they end up speaking. */
export const CLIENT_KINDS = ['v1', 'v2-default', 'v2-auto', 'v2-pinned'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** The revision each kind speaks. */
export const REVISION_OF: Record<ClientKind, string> = {
  v1: '2025-11-25',
  'v2-default': '2025-11-25',
  'v2-auto': '2026-07-28',
  'v2-pinned': '2026-07-28',
};

/** What a test does with any client. */
export interface AnyClient {
  kind: ClientKind;
  revision(): string | undefined;
  call(
    name: string,
    args: Record<string, unknown>,
    options?: {
      signal?: AbortSignal;
      onprogress?: (p: { progress: number }) => void;
      meta?: Record<string, unknown>;
    },
  ): Promise<{ content: unknown; isError?: boolean; structuredContent?: unknown }>;
  listPage(cursor?: string): Promise<{ tools: { name: string }[]; nextCursor?: string }>;
  listAll(): Promise<string[]>;
  /** Log messages the server sent. */
  logs: string[];
  close(): Promise<void>;
}

/** Connects a client of `kind` over `transport` (HTTP by default); `approve` answers approval forms. */
export async function connectClient(
  kind: ClientKind,
  url: URL,
  options: {
    approve?: boolean;
    headers?: Record<string, string>;
    transport?: () => Transport;
  } = {},
): Promise<AnyClient> {
  const logs: string[] = [];
  const capabilities = options.approve === undefined ? {} : { elicitation: { form: {} } };
  const requestInit = options.headers ? { headers: options.headers } : undefined;
  if (kind === 'v1') {
    const client = new V1Client({ name: 'v1', version: '1' }, { capabilities });
    if (options.approve !== undefined)
      client.setRequestHandler(ElicitRequestSchema, () => ({
        action: 'accept' as const,
        content: { approve: options.approve === true },
      }));
    client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (n) => void logs.push(String(n.params.data)),
    );
    const transport = options.transport
      ? (options.transport() as unknown as V1Transport)
      : new V1HttpTransport(url, { requestInit });
    await client.connect(transport);
    return {
      kind,
      logs,
      revision: () => client.getServerVersion() && '2025-11-25',
      call: (name, args, o = {}) =>
        client.callTool(
          { name, arguments: args, ...(o.meta ? { _meta: o.meta } : {}) },
          undefined,
          { signal: o.signal, onprogress: o.onprogress },
        ) as never,
      listPage: (cursor) => client.listTools(cursor ? { cursor } : undefined),
      listAll: async () => {
        const names: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listTools(cursor ? { cursor } : undefined);
          names.push(...page.tools.map((tool) => tool.name));
          cursor = page.nextCursor;
        } while (cursor);
        return names;
      },
      close: () => client.close(),
    };
  }
  const mode =
    kind === 'v2-auto' ? 'auto' : kind === 'v2-pinned' ? { pin: '2026-07-28' } : undefined;
  const client = new Client(
    { name: kind, version: '1' },
    { capabilities, ...(mode ? { versionNegotiation: { mode } } : {}) },
  );
  if (options.approve !== undefined)
    client.setRequestHandler('elicitation/create', () => ({
      action: 'accept' as const,
      content: { approve: options.approve === true },
    }));
  client.setNotificationHandler(
    'notifications/message',
    (n) => void logs.push(String(n.params.data)),
  );
  await client.connect(
    options.transport?.() ?? new StreamableHTTPClientTransport(url, { requestInit }),
  );
  return {
    kind,
    logs,
    revision: () => client.getNegotiatedProtocolVersion(),
    call: (name, args, o = {}) =>
      client.callTool(
        { name, arguments: args, ...(o.meta ? { _meta: o.meta } : {}) },
        { signal: o.signal, onprogress: o.onprogress },
      ) as never,
    listPage: (cursor) => client.listTools({ cursor }) as never,
    listAll: async () => (await client.listTools()).tools.map((tool) => tool.name),
    close: () => client.close(),
  };
}
