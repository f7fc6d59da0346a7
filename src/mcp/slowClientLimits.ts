/**
 * The slow-client limits of the MCP HTTP server as Node `http.Server` options: headers within
 * `headersTimeoutMs` (default 30 s), the whole request within `requestTimeoutMs` (default 60 s),
 * checked at least once a second. Node checks every `connectionsCheckingInterval` (its default
 * 30 s; a quarter of the limit cut a 30 s client at up to 37.5 s), so a client is cut within
 * about a second of its limit. Separate so the defaults and the rule live in one place.
 */

/** The default time a client has to send its request headers. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 30_000;
/** The default time a client has to send its whole request. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** The longest time between two checks of the limits. */
const MAX_CHECKING_INTERVAL_MS = 1_000;
/** The shortest time between two checks (a tiny limit must not make a busy loop). */
const MIN_CHECKING_INTERVAL_MS = 10;

/** The Node `http.Server` options that keep the limits. */
export interface SlowClientServerOptions {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
}

/** Node's server options for the given limits (defaults when absent). */
export function slowClientLimits(
  headersTimeoutMs?: number,
  requestTimeoutMs?: number,
): SlowClientServerOptions {
  const headersTimeout = headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout);
  const quarter = Math.floor(headersTimeout / 4);
  const connectionsCheckingInterval = Math.max(
    MIN_CHECKING_INTERVAL_MS,
    Math.min(MAX_CHECKING_INTERVAL_MS, quarter),
  );
  return { headersTimeout, requestTimeout, connectionsCheckingInterval };
}
