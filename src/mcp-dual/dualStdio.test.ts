/**
 * Both revisions over stdio: `serveStdio` on a pair of pipes, driven by the real clients over a
 * stdio-shaped transport of the same framing (one JSON-RPC message a line); the first message
 * picks the revision, as the SDK's own stdio entry does. A 2.x client probes in place on a
 * custom transport, so `auto` reaches 2026-07-28 here as it would on a spawned server.
 */
import { PassThrough } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { serveStdio } from './serveStdio';
import type { McpStdioServer } from './serveStdio';
import { createDualRegistry } from './__fixtures__/dualRegistry';
import { CLIENT_KINDS, connectClient, REVISION_OF } from './__fixtures__/dualClients';
import { waitLog } from '../mcp/__fixtures__/shopRegistry';
import { until } from '../../test/until';

/** The client end of a pipe pair, framed as stdio is. */
class PipeClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}
  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage())
        this.onmessage?.(message);
    });
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }
  async close(): Promise<void> {
    this.fromServer.removeAllListeners('data');
    this.onclose?.();
  }
}

describe.each(CLIENT_KINDS)('stdio, client %s', (kind) => {
  let served: Promise<McpStdioServer>;
  let transport: PipeClientTransport;
  beforeEach(() => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    served = serveStdio(
      createDualRegistry(),
      { name: 'dual', version: '1', approve: 'elicit', pageSize: 4 },
      { stdin, stdout },
    );
    transport = new PipeClientTransport(stdin, stdout);
  });
  afterEach(async () => (await served).close());

  it('calls, follows progress, pages, is asked to approve and cancels', async () => {
    const client = await connectClient(kind, new URL('http://unused'), {
      approve: true,
      transport: () => transport,
    });
    expect((await served).era).toBe(REVISION_OF[kind] === '2026-07-28' ? 'modern' : 'legacy');
    expect(client.revision()).toBe(REVISION_OF[kind]);
    expect((await client.call('add', { a: 2, b: 3 })).content).toEqual([
      { type: 'text', text: '5' },
    ]);
    const seen: number[] = [];
    await client.call('count', {}, { onprogress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2, 3]);
    expect(await client.listAll()).toHaveLength(10);
    const invalid = await client.call('order', { sku: 'x', quantity: 0 });
    expect(invalid.isError).toBe(true);
    expect((await client.call('purge', { scope: 'all' })).content).toEqual([
      { type: 'text', text: 'purged all' },
    ]);
    const label = `stdio-${kind}`;
    const controller = new AbortController();
    const call = client.call('wait_for_abort', { label }, { signal: controller.signal });
    call.catch(() => undefined);
    await until(() => waitLog.includes(`started ${label}`), `${label} to start`);
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => waitLog.includes(`aborted ${label}`), `${label} to see its signal fire`);
    await client.close();
  });
});
