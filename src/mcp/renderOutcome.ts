/**
 * The MCP result of a tool's outcome, on every MCP path (both revisions, and a task's result):
 * its content (`toMcpResult`), and its typed value as `structuredContent` when the tool has an
 * output schema, checked against it (a mismatch is logged, never thrown). Apart so the call path
 * (`mcpToolCall`) and the task store render by one rule.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { OutputShape } from './outputShape';
import { outputProblems, structuredContentOf } from './outputShape';
import { toMcpResult } from './toMcpResult';
import type { McpServerOptions } from './types';

/** What rendering needs of a server: the tools' output shapes, and whether to check results. */
export interface RenderScope {
  options: Pick<McpServerOptions, 'logger'>;
  /** The output shape of a tool, or undefined when it has no output schema. */
  shapeOf(name: string): OutputShape | undefined;
  /** Whether results are checked against their output schema. */
  checkResults: boolean;
}

/**
 * The MCP result of an outcome: its content, and its typed value as `structuredContent`.
 * @example
 * return renderOutcome(scope, name, await registry.call(name, input, { returnValue: true }));
 */
export function renderOutcome(
  scope: RenderScope,
  name: string,
  outcome: ToolOutcome,
): CallToolResult {
  const result = toMcpResult(outcome);
  const shape = scope.shapeOf(name);
  if (!shape || outcome.isError || typeof outcome.content !== 'string') return result;
  result.structuredContent = structuredContentOf(shape, outcome.value, outcome.content);
  if (scope.checkResults) warnOnMismatch(scope, name, shape, result.structuredContent);
  return result;
}

/** Logs (never throws) when a result does not match its tool's output schema. */
function warnOnMismatch(
  scope: RenderScope,
  name: string,
  shape: OutputShape,
  structured: Record<string, unknown>,
): void {
  const problems = outputProblems(shape, structured);
  if (!problems.length) return;
  scope.options.logger?.warn(
    `Tool "${name}" returned a result that does not match its output schema: ${problems.join('; ')}`,
  );
}
