/**
 * The caller of an MCP request in a Nest app: what the app's guard left on `req.user`, read as
 * a `ToolCaller`. The guard may store a `ToolCaller` itself (`{ id, scopes, roles }`), or a
 * verified JWT's claims as they come (`sub`, and `scope` as one space-separated string, the
 * OAuth form); `roles` is a string array either way.
 */
import type { IncomingMessage } from 'node:http';
import type { ToolCaller } from '../calls/ToolCaller';

/** What `userCallerOf` reads from `req.user`: a `ToolCaller`, or JWT claims (`sub`, `scope`). */
export interface McpRequestUser {
  /** The caller's id (else `sub`). */
  id?: string;
  /** The JWT subject, the id when `id` is absent. */
  sub?: string;
  /** The caller's OAuth scopes (else `scope`). */
  scopes?: readonly string[];
  /** The scopes as one space-separated string, as a JWT's `scope` claim has them. */
  scope?: string;
  /** The caller's roles. */
  roles?: readonly string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The `ToolCaller` the guard's `req.user` stands for, or undefined when no guard set one.
 * @example
 * ToolwrightMcpModule.forRoot({ name: 'shop', version: '1.0.0', guards: [JwtGuard] }) // reads req.user so
 */
export function userCallerOf(req: IncomingMessage): ToolCaller | undefined {
  const user = (req as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return undefined;
  const { id, sub, scopes, scope, roles } = user as Record<string, unknown>;
  const name = typeof id === 'string' ? id : typeof sub === 'string' ? sub : undefined;
  return {
    ...(name ? { id: name } : {}),
    scopes: Array.isArray(scopes)
      ? strings(scopes)
      : typeof scope === 'string'
        ? scope.split(' ').filter(Boolean)
        : [],
    roles: strings(roles),
  };
}
