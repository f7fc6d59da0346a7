/**
 * Who calls a tool: the authenticated principal an endpoint (MCP over HTTP, a Nest guard) found
 * for the request, and the one rule deciding whether that caller may use a tool that declares
 * `scopes` or `roles` on `@Tool`. Apart so the MCP list, the MCP call and the docs share the rule.
 */
import type { ManifestToolOptions } from '../manifest/types';

/** The authenticated principal of a call (`ToolCallContext.caller`). */
export interface ToolCaller {
  /** Who it is: the token's subject, a user id. */
  id?: string;
  /** The OAuth scopes the caller's token grants. */
  scopes: readonly string[];
  /** The caller's roles. */
  roles: readonly string[];
  /** Anything else the authentication layer knows (token claims, the user object). */
  claims?: Readonly<Record<string, unknown>>;
}

/**
 * Why `caller` may not use a tool with these options, or undefined when it may: every scope of
 * `scopes` and at least one role of `roles` (when the tool declares them).
 * @example
 * accessDenied({ scopes: ['orders:write'] }, caller); // 'it requires the scope "orders:write"'
 */
export function accessDenied(
  options: Pick<ManifestToolOptions, 'scopes' | 'roles'> | undefined,
  caller: ToolCaller | undefined,
): string | undefined {
  const scopes = options?.scopes ?? [];
  const roles = options?.roles ?? [];
  if (!scopes.length && !roles.length) return undefined;
  const missing = scopes.filter((scope) => !caller?.scopes.includes(scope));
  if (missing.length)
    return `it requires the scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => JSON.stringify(s)).join(', ')}${caller ? '' : ' and the caller is not authenticated'}`;
  if (roles.length && !roles.some((role) => caller?.roles.includes(role)))
    return `it requires the role ${roles.map((r) => JSON.stringify(r)).join(' or ')}${caller ? '' : ' and the caller is not authenticated'}`;
  return undefined;
}
