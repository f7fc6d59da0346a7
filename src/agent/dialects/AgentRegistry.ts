/**
 * What the agent needs of a registry (a `ToolRegistry` has all of it): in `dialects/`, the
 * lowest part of the agent that uses it, so the dialects need nothing from the loop above.
 */
import type { ToolCaller } from '../../calls/ToolCaller';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { ManifestToolOptions, ToolDescriptor } from '../../manifest/types';
import type { CallOptions } from '../../calls/ToolCallContext';
import type { ToolJobDispatcher } from '../../calls/ToolJobDispatcher';
import type { ToolOutcome } from '../../calls/ToolOutcome';

/** What the agent needs of a registry (a `ToolRegistry` has all of it). */
export interface AgentRegistry {
  /** A registered tool's options (approval, long-running, time limit), or undefined for an unknown name. */
  get(name: string):
    | {
        options: Pick<
          ManifestToolOptions,
          'requiresApproval' | 'longRunning' | 'timeoutMs' | 'scopes' | 'roles' | 'alwaysLoaded'
        >;
      }
    | undefined;
  /** The dispatcher of long-running calls, when there is one (`ToolRegistry.jobs`). */
  readonly jobs?: ToolJobDispatcher;
  /** The registered tools, as the wire formats describe them. */
  descriptors(): ToolDescriptor[];
  /** The tools as the Messages API's `tools` parameter. */
  toAnthropic(options?: { cache?: boolean; strict?: boolean }): AnthropicTool[];
  /** Validates a call's input without running it: the input as the method would get it, or the error the model reads. */
  check(
    name: string,
    input: unknown,
    options?: { caller?: ToolCaller },
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
  /** Runs a tool call: validated, dispatched, and answered as an outcome (never throws for the model's mistakes). */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}
