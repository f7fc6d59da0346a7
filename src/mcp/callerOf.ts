/**
 * The caller of an MCP request, from the auth information the HTTP layer attached to it (the
 * SDK's `AuthInfo`: `clientId`, `scopes`, `extra`). The endpoint's own authentication puts the
 * whole `ToolCaller` in `extra.caller`; an `AuthInfo` from elsewhere (the SDK's bearer-auth
 * middleware) gives its client id and scopes, and roles from `extra.roles`.
 */
import type { ToolCaller } from '../calls/ToolCaller';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The `ToolCaller` an `AuthInfo` stands for, or undefined for an anonymous request.
 * @example
 * const caller = callerOf(extra.authInfo);
 */
export function callerOf(authInfo: unknown): ToolCaller | undefined {
  if (typeof authInfo !== 'object' || authInfo === null) return undefined;
  const info = authInfo as { clientId?: unknown; scopes?: unknown; extra?: unknown };
  const extra = (typeof info.extra === 'object' && info.extra !== null ? info.extra : {}) as {
    caller?: ToolCaller;
    roles?: unknown;
  };
  if (extra.caller && Array.isArray(extra.caller.scopes)) return extra.caller;
  return {
    ...(typeof info.clientId === 'string' && info.clientId ? { id: info.clientId } : {}),
    scopes: strings(info.scopes),
    roles: strings(extra.roles),
  };
}

/**
 * The SDK `AuthInfo` carrying a caller, as an endpoint attaches it to `req.auth` for either SDK.
 * @example
 * req.auth = authInfoOf(caller, token);
 */
export function authInfoOf(
  caller: ToolCaller,
  token = '',
): { token: string; clientId: string; scopes: string[]; extra: { caller: ToolCaller } } {
  return { token, clientId: caller.id ?? '', scopes: [...caller.scopes], extra: { caller } };
}
