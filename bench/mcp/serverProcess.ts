/**
 * One MCP HTTP server in a process of its own, for the CPU bench: started with the side to
 * serve (`toolwright` or `sdk`), it sends its URL to the parent over IPC and answers `cpu`
 * messages with `process.cpuUsage()`, so the parent can charge each side only the CPU its own
 * server spent (the client's cost stays in the parent).
 */
import { startMcpHttpServer } from '../../src/mcp/startMcpHttpServer';
import { createShopRegistry } from '../../src/mcp/__fixtures__/shopRegistry';
import { startSdkHttpServer } from './sdkBaseline';

/** What the parent sends. */
export type ServerRequest = { kind: 'cpu' } | { kind: 'stop' };
/** What this process answers. */
export type ServerReply = { kind: 'ready'; url: string } | { kind: 'cpu'; micros: number };

async function start(side: string): Promise<{ url: string; close(): Promise<void> }> {
  if (side === 'sdk') return startSdkHttpServer();
  return startMcpHttpServer(createShopRegistry(), { name: 'bench', version: '0', token: 'bench' });
}

async function main(): Promise<void> {
  const server = await start(process.argv[2] ?? 'toolwright');
  const send = (reply: ServerReply) => process.send!(reply);
  process.on('message', (request: ServerRequest) => {
    if (request.kind === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ kind: 'cpu', micros: user + system });
    } else void server.close().then(() => process.exit(0));
  });
  send({ kind: 'ready', url: server.url });
}

void main();
