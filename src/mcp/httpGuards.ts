/**
 * The checks every MCP HTTP request passes before it reaches a session: Host and Origin
 * allow-lists against DNS rebinding (the Host check has the semantics of the SDK's
 * `hostHeaderValidation`: hostname only, port-agnostic, IPv6 in brackets) and the bearer token.
 * Each check is a pure function of the headers, so the Node server and a Nest/Express mount
 * share them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Why a request is refused: the HTTP status, the message, and any extra headers. */
export interface HttpRejection {
  status: number;
  message: string;
  /** The JSON-RPC error code of the body. Default -32000 (a server-side refusal). */
  code?: number;
  headers?: Record<string, string>;
}

/** What the guards check against. */
export interface HttpGuardOptions {
  /** Allowed `Host` hostnames (no port; IPv6 in brackets). Absent: no Host check. */
  allowedHosts?: readonly string[];
  /**
   * Allowed `Origin` values (`http://localhost:3000`). Absent: an origin is allowed when its
   * hostname is an allowed host. A request without `Origin` (not a browser) always passes.
   */
  allowedOrigins?: readonly string[];
  /** The bearer token every request must carry. Absent: no token check. */
  token?: string;
}

/** The hostnames a loopback-bound server answers to: what DNS rebinding cannot fake. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** Whether a bind address is loopback only. */
export function isLoopbackHost(host: string): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host) || host.startsWith('127.');
}

/** The hostname of a `Host` header, or undefined when it does not parse. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

function checkHost(
  headers: IncomingHttpHeaders,
  options: HttpGuardOptions,
): HttpRejection | undefined {
  if (!options.allowedHosts) return undefined;
  const host = headers.host;
  if (!host) return { status: 403, message: 'Missing Host header' };
  const hostname = hostnameOf(host);
  if (hostname === undefined) return { status: 403, message: `Invalid Host header: ${host}` };
  if (!options.allowedHosts.includes(hostname))
    return { status: 403, message: `Invalid Host: ${hostname}` };
  return undefined;
}

function checkOrigin(
  headers: IncomingHttpHeaders,
  options: HttpGuardOptions,
): HttpRejection | undefined {
  const origin = headers.origin;
  if (!origin) return undefined;
  if (options.allowedOrigins) {
    return options.allowedOrigins.includes(origin)
      ? undefined
      : { status: 403, message: `Invalid Origin: ${origin}` };
  }
  if (!options.allowedHosts) return undefined;
  let hostname: string | undefined;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    hostname = undefined;
  }
  return hostname !== undefined && options.allowedHosts.includes(hostname)
    ? undefined
    : { status: 403, message: `Invalid Origin: ${origin}` };
}

/** Constant-time comparison of two secrets (hashed first, so lengths do not leak). */
function sameSecret(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function checkToken(
  headers: IncomingHttpHeaders,
  options: HttpGuardOptions,
): HttpRejection | undefined {
  if (options.token === undefined) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  if (match && sameSecret(match[1].trim(), options.token)) return undefined;
  return {
    status: 401,
    message: match
      ? 'Invalid bearer token'
      : 'Missing bearer token (Authorization: Bearer <token>)',
    headers: { 'WWW-Authenticate': 'Bearer' },
  };
}

/** The checks, in order: DNS rebinding first, then authentication. */
const GUARDS = [checkHost, checkOrigin, checkToken];

/**
 * The first reason to refuse a request, or undefined when it may proceed.
 * @example
 * const rejection = guardRequest(req.headers, { allowedHosts: LOOPBACK_HOSTS, token });
 */
export function guardRequest(
  headers: IncomingHttpHeaders,
  options: HttpGuardOptions,
): HttpRejection | undefined {
  for (const guard of GUARDS) {
    const rejection = guard(headers, options);
    if (rejection) return rejection;
  }
  return undefined;
}
