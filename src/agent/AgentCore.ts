/**
 * What every phase of the loop shares: the client, the dialect, the call runner and the
 * settings, resolved once from `ToolAgent`'s options. Plain data, so each phase is a function.
 */
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';
import type { AgentDialect } from './dialects/AgentDialect';
import type { CallRunner } from './CallRunner';
import type { ApprovalMode, ApprovalStore } from '../approvals/types';
import type { AgentTelemetry } from '../telemetry/AgentTelemetry';
import type { Logger } from '../registry/types';
import type { AgentClient, AgentFormat, AgentRegistry } from './types';
import type { ProgrammaticCalls } from './programmatic/ProgrammaticCalls';
import type { ContextPlan } from './context/contextPlan';
import type { ToolSearchSettings } from './toolSearch/resolveToolSearch';

/** The resolved options of an agent. */
export interface AgentSettings {
  model: string;
  maxTokens: number;
  system?: string;
  maxIterations: number;
  concurrency: number;
  cache: boolean;
  /** The `strict` default of the tool definitions (undefined: the registry's). */
  strict?: boolean;
  context: unknown;
  params: Partial<Omit<MessageCreateParamsBase, 'messages' | 'stream'>>;
  format: AgentFormat;
  /** Where the agent reports what it would otherwise print. */
  logger?: Logger;
  /** The `anthropic-beta` header every request sends (see `requestOptions`), when a beta is used. */
  betaHeader?: string;
  /** The `context_management` of every request (`contextBudget`), when set. */
  contextManagement?: ContextPlan['management'];
  /** Where runs paused for approval wait, and for how long. */
  approvals: { mode: ApprovalMode; store: ApprovalStore; ttlSeconds: number; leaseMs: number };
  /** Deferred tools and the tool search that finds them (`toolSearch`), when on. */
  toolSearch?: ToolSearchSettings;
}

/** The parts of an agent the phases use. */
export interface AgentCore {
  client: AgentClient;
  dialect: AgentDialect;
  runner: CallRunner;
  registry: AgentRegistry;
  settings: AgentSettings;
  /** Spans and metrics (no-ops without OpenTelemetry). */
  telemetry: AgentTelemetry;
  /** Programmatic tool calling: the code execution tool and the conversations' containers. */
  programmatic: ProgrammaticCalls;
}
