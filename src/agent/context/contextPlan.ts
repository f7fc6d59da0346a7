/**
 * `contextBudget`, checked once at construction and rendered as the API takes it: the
 * `context_management` edit of each request and the beta it needs. A budget the platform does not
 * offer, or that the wire format cannot use, is refused here rather than by the API mid-run.
 */
import { ToolwrightError } from '../../errors/ToolwrightError';
import type { AgentFormat } from '../../approvals/AgentFormat';
import type { AgentPlatform } from '../agentPlatform';
import { PLATFORM_NAMES } from '../agentPlatform';
import type { ClearToolResultsBudget, CompactBudget, ContextBudget } from './types';

/** What every request of a budgeted agent carries. */
export interface ContextPlan {
  /** The request's `context_management`. */
  management: { edits: Record<string, unknown>[] };
  /** The betas it needs, sent in `anthropic-beta`. */
  betas: string[];
}

type Strategy = ContextBudget['strategy'];

/** The beta of each strategy. */
const BETAS: Record<Strategy, string> = {
  clear_tool_results: 'context-management-2025-06-27',
  compact: 'compact-2026-01-12',
};

/**
 * Where each strategy is offered: context editing on the three platforms, compaction on the
 * Claude API and on Bedrock's InvokeModel (the platforms' documentation lists no compaction on
 * Vertex AI).
 */
const OFFERED: Record<Strategy, AgentPlatform[]> = {
  clear_tool_results: ['anthropic', 'bedrock', 'vertex'],
  compact: ['anthropic', 'bedrock'],
};

/** The smallest compaction trigger the API takes. */
const MIN_COMPACTION_TRIGGER = 50_000;

const fail = (message: string): never => {
  throw new ToolwrightError(`ToolAgent: contextBudget.${message}`);
};

/** A whole number of tokens (or tool uses), at least `min`, or undefined when not given. */
function count(name: string, value: unknown, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    fail(`${name} must be an integer of at least ${min}, got ${JSON.stringify(value)}`);
  }
  return value as number;
}

function names(name: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail(`${name} must be an array of tool names, got ${JSON.stringify(value)}`);
  }
  return value as string[];
}

/** Only the fields that were given, so the API's defaults hold for the others. */
const given = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** The user's `excludeTools` plus the tools the agent keeps uncleared, each once. */
function excluded(user: string[] | undefined, kept: readonly string[]): string[] | undefined {
  const added = kept.filter((name) => !user?.includes(name));
  return added.length === 0 ? user : [...(user ?? []), ...added];
}

const tokens = (value: number | undefined) =>
  value === undefined ? undefined : { type: 'input_tokens', value };

function clearEdit(
  budget: ClearToolResultsBudget,
  kept: readonly string[],
): Record<string, unknown> {
  const keep = count('keepToolUses', budget.keepToolUses, 0);
  const inputs = budget.clearToolInputs;
  if (inputs !== undefined && typeof inputs !== 'boolean') names('clearToolInputs', inputs);
  return given({
    type: 'clear_tool_uses_20250919',
    trigger: tokens(count('triggerTokens', budget.triggerTokens, 1)),
    keep: keep === undefined ? undefined : { type: 'tool_uses', value: keep },
    clear_at_least: tokens(count('clearAtLeastTokens', budget.clearAtLeastTokens, 1)),
    exclude_tools: excluded(names('excludeTools', budget.excludeTools), kept),
    clear_tool_inputs: inputs,
  });
}

function compactEdit(budget: CompactBudget): Record<string, unknown> {
  const { instructions } = budget;
  if (instructions !== undefined && (typeof instructions !== 'string' || !instructions.trim())) {
    fail(`instructions must be a non-empty string, got ${JSON.stringify(instructions)}`);
  }
  return given({
    type: 'compact_20260112',
    trigger: tokens(count('triggerTokens', budget.triggerTokens, MIN_COMPACTION_TRIGGER)),
    instructions,
  });
}

/**
 * The plan of `budget` for an agent on `platform` in `format`; undefined without a budget.
 * `kept` names tools whose results context editing must never clear, added to `excludeTools`
 * (the client search tool: its results hold the `tool_reference` blocks that keep found tools
 * loaded).
 */
export function contextPlan(
  budget: ContextBudget | undefined,
  platform: AgentPlatform,
  format: AgentFormat,
  kept: readonly string[] = [],
): ContextPlan | undefined {
  if (budget === undefined) return undefined;
  const strategy = (budget as { strategy?: unknown } | null)?.strategy;
  if (strategy !== 'clear_tool_results' && strategy !== 'compact') {
    return fail(
      `strategy must be 'clear_tool_results' (context editing) or 'compact' (compaction), got ${JSON.stringify(strategy)}`,
    );
  }
  if (!OFFERED[strategy].includes(platform)) {
    const where = OFFERED[strategy].map((p) => PLATFORM_NAMES[p]).join(' and ');
    fail(
      `strategy '${strategy}' is not offered on ${PLATFORM_NAMES[platform]} (only on ${where}); use strategy 'clear_tool_results' there`,
    );
  }
  if (strategy === 'clear_tool_results' && format === 'xml') {
    fail(
      "strategy 'clear_tool_results' clears tool_result blocks, which the XML format does not send; use strategy 'compact' or format 'anthropic'",
    );
  }
  const edit = budget.strategy === 'compact' ? compactEdit(budget) : clearEdit(budget, kept);
  return { management: { edits: [edit] }, betas: [BETAS[strategy]] };
}
