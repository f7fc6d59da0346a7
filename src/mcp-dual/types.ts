/**
 * The options of `toolwright/mcp2`: those of `toolwright/mcp` (the 2025 path keeps every one),
 * and what only the 2026-07-28 revision reads (cache hints on lists).
 */
import type { McpServerOptions } from '../mcp/types';

/** Options of the 2026-07-28 server (`createModernMcpServer`) besides the 2025 server's. */
export interface DualMcpServerOptions extends McpServerOptions {
  /**
   * How long a 2026 client may keep a `tools/list` (and `server/discover`) result, in ms: the
   * `ttlMs` cache hint. Default 60 s; clients that listen (`subscriptions/listen`) hear of a
   * change at once. The `cacheScope` is `private` when what a caller sees depends on who it is.
   */
  listTtlMs?: number;
  /** Whether the endpoint authenticates its callers (lists are then cached `private`). Set by the HTTP endpoint. */
  authenticated?: boolean;
}
