/**
 * One Streamable HTTP endpoint, both revisions: the SDK 1.x client and the SDK 2.x client in its
 * default, `auto` and pinned-2026 modes, each against the same endpoint, stateful and stateless,
 * make a call, follow its progress, cancel one, get an approval asked, page the tools list and
 * make an invalid call; each gets the revision it asked for.
 */
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { createDualRegistry } from './__fixtures__/dualRegistry';
import { CLIENT_KINDS, connectClient, REVISION_OF } from './__fixtures__/dualClients';
import type { AnyClient, ClientKind } from './__fixtures__/dualClients';
import { encodeCursor } from '../mcp/pageCursor';
import { waitLog } from '../mcp/__fixtures__/shopRegistry';
import { until } from '../../test/until';

describe.each([
  ['stateful', false],
  ['stateless', true],
])('one %s endpoint', (_mode, stateless) => {
  let server: RunningMcpHttpServer;
  let url: URL;
  const open: AnyClient[] = [];
  beforeAll(async () => {
    server = await startMcpHttpServer(createDualRegistry(), {
      name: 'dual',
      version: '1',
      stateless,
      pageSize: 4,
      approve: 'elicit',
    });
    url = new URL(server.url);
  });
  afterEach(async () => void (await Promise.all(open.splice(0).map((c) => c.close()))));
  afterAll(() => server.close());

  const connect = async (kind: ClientKind, approve?: boolean) => {
    const client = await connectClient(kind, url, { approve });
    open.push(client);
    return client;
  };

  describe.each(CLIENT_KINDS)('client %s', (kind) => {
    it('speaks its revision and calls a tool', async () => {
      const client = await connect(kind);
      expect(client.revision()).toBe(REVISION_OF[kind]);
      const result = await client.call('add', { a: 2, b: 3 });
      expect(result.content).toEqual([{ type: 'text', text: '5' }]);
    });

    it('hears the progress of a call', async () => {
      const client = await connect(kind);
      const seen: number[] = [];
      const result = await client.call('count', {}, { onprogress: (p) => seen.push(p.progress) });
      expect(result.content).toEqual([{ type: 'text', text: 'counted' }]);
      expect(seen).toEqual([1, 2, 3]);
    });

    it('cancels a call', async () => {
      const client = await connect(kind);
      const label = `${kind}-${stateless}`;
      const controller = new AbortController();
      const call = client.call('wait_for_abort', { label }, { signal: controller.signal });
      call.catch(() => undefined);
      await until(() => waitLog.includes(`started ${label}`), `${label} to start`);
      controller.abort();
      await expect(call).rejects.toThrow();
      await until(() => waitLog.includes(`aborted ${label}`), `${label} to see its signal fire`);
    });

    it('pages the tools list with the opaque cursor', async () => {
      const client = await connect(kind);
      // The 2.x client follows every cursor itself when asked for the list without one.
      const all = await client.listAll();
      expect(all).toHaveLength(10);
      expect(all).toEqual(expect.arrayContaining(['add', 'count', 'who_calls', 'purge']));
      const second = await client.listPage(encodeCursor('tools', 4));
      expect(second.tools.map((tool) => tool.name)).toEqual(all.slice(4, 8));
      expect(second.nextCursor).toEqual(expect.any(String));
      await expect(client.listPage('bm9wZQ')).rejects.toThrow(/Invalid cursor/);
    });

    it('answers an invalid call with the registry error, naming the path', async () => {
      const client = await connect(kind);
      const result = await client.call('order', { sku: 'x', quantity: 1000 });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/quantity: .*99/);
    });

    const canAsk = !(stateless && REVISION_OF[kind] === '2025-11-25');
    it(canAsk ? 'asks its user to approve a call' : 'cannot be asked (no session)', async () => {
      const yes = await connect(kind, true);
      const approved = await yes.call('purge', { scope: 'all' });
      if (!canAsk) {
        expect(approved.isError).toBe(true);
        expect(JSON.stringify(approved.content)).toMatch(/cannot ask/);
        return;
      }
      expect(approved.content).toEqual([{ type: 'text', text: 'purged all' }]);
      const no = await connect(kind, false);
      const refused = await no.call('purge', { scope: 'all' });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/did not approve/);
    });
  });

  it('logs to a 2026 client at the level its request asks for', async () => {
    const client = await connect('v2-pinned');
    await client.call('add', { a: 1, b: 1 }, { meta: { [LOG_LEVEL_META_KEY]: 'debug' } });
    expect(client.logs).toContain('Calling tool "add"');
    const quiet = await connect('v2-pinned');
    await quiet.call('add', { a: 1, b: 1 }, { meta: { [LOG_LEVEL_META_KEY]: 'error' } });
    await quiet.call('explode', {}, { meta: { [LOG_LEVEL_META_KEY]: 'error' } });
    expect(quiet.logs).toEqual([]);
  });
});
