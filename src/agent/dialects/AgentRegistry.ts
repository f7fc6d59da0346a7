/**
 * What the agent needs of a registry (a `ToolRegistry` has all of it): in `dialects/`, the
 * lowest part of the agent that uses it, so the dialects need nothing from the loop above.
 */
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { ToolDescriptor } from '../../manifest/types';
import type { CallOptions } from '../../calls/ToolCallContext';
import type { ToolJobDispatcher } from '../../calls/ToolJobDispatcher';
import type { ToolOutcome } from '../../calls/ToolOutcome';

/** What the agent needs of a registry (a `ToolRegistry` has all of it). */
export interface AgentRegistry {
  get(
    name: string,
  ):
    | { options: { requiresApproval?: boolean; longRunning?: boolean; timeoutMs?: number } }
    | undefined;
  /** The dispatcher of long-running calls, when there is one (`ToolRegistry.jobs`). */
  readonly jobs?: ToolJobDispatcher;
  descriptors(): ToolDescriptor[];
  toAnthropic(options?: { cache?: boolean; strict?: boolean }): AnthropicTool[];
  check(
    name: string,
    input: unknown,
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}
