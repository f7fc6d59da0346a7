/**
 * An MCP call's approval is asked about the call that then runs: the hook's `toolUseId` is the
 * id the tool sees, on both revisions, now that a sessionless call's id is its own (a fresh
 * `mcp-<uuid>`) rather than its JSON-RPC id. A real dual endpoint, stateless on the 2025 path,
 * driven by the 1.32 client and the 2.x client pinned to 2026-07-28.
 */
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { connectClient } from './__fixtures__/dualClients';
import type { AnyClient } from './__fixtures__/dualClients';
import { CallIdService } from './__fixtures__/CallIdService';
import { ToolRegistry } from '../registry/ToolRegistry';

describe('dual endpoint, stateless: the approved call is the one that runs', () => {
  let server: RunningMcpHttpServer;
  const asked: string[] = [];
  const open: AnyClient[] = [];

  beforeAll(async () => {
    const registry = new ToolRegistry().register(new CallIdService());
    server = await startMcpHttpServer(registry, {
      name: 'ids',
      version: '1',
      stateless: true,
      approve: (request) => {
        asked.push(request.toolUseId);
        return true;
      },
    });
  });

  afterEach(async () => {
    asked.splice(0);
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  afterAll(async () => server?.close());

  it.each(['v1', 'v2-pinned'] as const)(
    '%s: the hook is asked of the id the tool runs under',
    async (kind) => {
      const client = await connectClient(kind, new URL(server.url));
      open.push(client);
      const first = await client.call('approved_id', { label: 'a' });
      const second = await client.call('approved_id', { label: 'b' });
      const ids = [first, second].map(
        (result) => String((result.content as Array<{ text: string }>)[0]?.text).split(' ')[1],
      );
      expect(ids[0]).toMatch(/^mcp-[0-9a-f-]{36}$/);
      expect(ids[1]).not.toBe(ids[0]);
      expect(asked).toEqual(ids);
    },
  );
});
