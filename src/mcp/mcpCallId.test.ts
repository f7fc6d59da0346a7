/**
 * The call id of an MCP request, which durable jobs take as the idempotency key: never the bare
 * JSON-RPC id, never shared by two sessionless requests, nor by two callers in one session.
 */
import { authInfoOf } from './callerOf';
import { mcpCallId } from './mcpCallId';

const ada = authInfoOf({ id: 'ada', scopes: [], roles: [] }, 'token-a');
const bob = authInfoOf({ id: 'bob', scopes: [], roles: [] }, 'token-b');

describe('mcpCallId', () => {
  it('gives each sessionless request its own id, whatever its JSON-RPC id', () => {
    const first = mcpCallId(undefined, 1);
    const second = mcpCallId(undefined, 1);
    expect(first).toMatch(/^mcp-[0-9a-f-]{36}$/);
    expect(second).toMatch(/^mcp-[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(mcpCallId(undefined, 1, ada)).not.toBe(mcpCallId(undefined, 1, ada));
  });

  it('names a session request by its session and id, the same when asked again', () => {
    expect(mcpCallId('s-1', 3)).toBe('mcp-s-1-3');
    expect(mcpCallId('s-1', 3)).toBe(mcpCallId('s-1', 3));
    expect(mcpCallId('s-2', 3)).not.toBe(mcpCallId('s-1', 3));
  });

  it('never lets two authenticated callers share an id, even under one session id', () => {
    expect(mcpCallId('s-1', 3, ada)).toBe(mcpCallId('s-1', 3, ada));
    expect(mcpCallId('s-1', 3, ada)).not.toBe(mcpCallId('s-1', 3, bob));
    expect(mcpCallId('s-1', 3, ada)).not.toBe(mcpCallId('s-1', 3));
    expect(mcpCallId('s-1', 3, ada)).toMatch(/^mcp-s-1-[\w-]{16}-3$/);
  });

  it('tells callers without an id apart by their token', () => {
    const anonymous = (token: string) => ({ token, clientId: '', scopes: [] });
    expect(mcpCallId('s-1', 3, anonymous('t1'))).not.toBe(mcpCallId('s-1', 3, anonymous('t2')));
    expect(mcpCallId('s-1', 3, anonymous(''))).toBe('mcp-s-1-3');
  });
});
