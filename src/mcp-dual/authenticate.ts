/**
 * Who calls the endpoint, as the MCP authorization spec describes it for a protected resource:
 * the bearer token checked by the application's `verifyToken` hook (a 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` pointing at the RFC 9728 metadata when it is
 * missing or refused), or a caller an earlier layer found (`callerOf`, e.g. a Nest guard's
 * `req.user`). The caller goes on `req.auth`, where both SDKs hand it to the tool call.
 */
import type { IncomingMessage } from 'node:http';
import type { ToolCaller } from '../calls/ToolCaller';
import { authInfoOf } from '../mcp/callerOf';
import type { HttpRejection } from '../mcp/httpGuards';

/** RFC 9728 protected-resource metadata of the endpoint. */
export interface ProtectedResourceOptions {
  /** The resource identifier: the endpoint's public URL (`https://api.example.com/mcp`). */
  resource: string;
  /** The authorization servers that issue tokens for it (their issuer URLs). */
  authorizationServers: string[];
  /** The scopes a client may ask for. */
  scopesSupported?: string[];
  /** A name for people. */
  resourceName?: string;
}

/** How the endpoint authenticates its callers. */
export interface McpAuthOptions {
  /**
   * Checks the bearer token of every request: the caller it stands for, or undefined (or a
   * throw) to refuse it with 401. Verify the signature, expiry and audience here (e.g. with jose).
   */
  verifyToken?: (
    token: string,
    req: IncomingMessage,
  ) => ToolCaller | undefined | Promise<ToolCaller | undefined>;
  /** The caller an earlier layer authenticated (a Nest guard's `req.user`), when there is no `verifyToken`. */
  callerOf?: (req: IncomingMessage) => ToolCaller | undefined;
  /** Serve RFC 9728 metadata and name it in the 401's `WWW-Authenticate`. */
  protectedResource?: ProtectedResourceOptions;
}

/** The metadata document's URL: the well-known path, with the resource's path appended (RFC 9728 §3.1). */
export function metadataUrlOf(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/**
 * The RFC 9728 metadata document.
 * @example
 * res.end(JSON.stringify(protectedResourceMetadata(options.protectedResource)));
 */
export function protectedResourceMetadata(
  options: ProtectedResourceOptions,
): Record<string, unknown> {
  return {
    resource: options.resource,
    authorization_servers: options.authorizationServers,
    bearer_methods_supported: ['header'],
    ...(options.scopesSupported ? { scopes_supported: options.scopesSupported } : {}),
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
  };
}

function unauthorized(options: McpAuthOptions, error?: string): HttpRejection {
  const params = [
    ...(error ? [`error="${error}"`] : []),
    ...(options.protectedResource
      ? [`resource_metadata="${metadataUrlOf(options.protectedResource.resource)}"`]
      : []),
  ];
  return {
    status: 401,
    message: error
      ? 'Invalid bearer token'
      : 'Missing bearer token (Authorization: Bearer <token>)',
    headers: { 'WWW-Authenticate': params.length ? `Bearer ${params.join(', ')}` : 'Bearer' },
  };
}

/**
 * Authenticates a request: undefined when it may proceed (its caller, if any, on `req.auth`),
 * else the 401 to answer.
 * @example
 * const rejection = await authenticate(req, options);
 */
export async function authenticate(
  req: IncomingMessage & { auth?: unknown },
  options: McpAuthOptions,
): Promise<HttpRejection | undefined> {
  if (options.verifyToken) {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!match) return unauthorized(options);
    const token = match[1].trim();
    let caller: ToolCaller | undefined;
    try {
      caller = await options.verifyToken(token, req);
    } catch {
      caller = undefined;
    }
    if (!caller) return unauthorized(options, 'invalid_token');
    req.auth = authInfoOf(caller, token);
    return undefined;
  }
  const caller = options.callerOf?.(req);
  if (caller) req.auth = authInfoOf(caller);
  return undefined;
}
