/**
 * Which tools go out strict: a tool's own `strict` option wins, else the registry's or the
 * agent's default. One rule for every renderer, the registry's warning, the OpenAI null
 * handling and `toolwright show`, so what is sent and what is said about it agree.
 */
import type { JsonSchema } from '../JsonSchema';
import { strictInputSchema } from './projectStrictSchema';
import type { StrictProjection, StrictProvider } from './types';

/** What the rule needs of a tool (a manifest entry or a registered tool). */
export interface StrictCandidate {
  name: string;
  inputSchema: JsonSchema;
  options?: { strict?: unknown };
}

/** Whether the tool asks for strict tool use: `@Tool({ strict })`, else `fallback`. */
export const wantsStrict = (tool: StrictCandidate, fallback = false): boolean =>
  typeof tool.options?.strict === 'boolean' ? tool.options.strict : fallback;

/** The tool's strict projection for `provider` when it asks for strict; `undefined` when it does not. */
export function strictProjectionOf(
  tool: StrictCandidate,
  provider: StrictProvider,
  fallback = false,
): StrictProjection | undefined {
  return wantsStrict(tool, fallback) ? strictInputSchema(tool.inputSchema, provider) : undefined;
}

/** A tool that asks for strict but goes out non-strict, and why. */
export interface NonStrictTool {
  name: string;
  provider: StrictProvider;
  reason: string;
}

/** The tools among `tools` that ask for strict and cannot have it for `provider`. */
export function nonStrictTools(
  tools: readonly StrictCandidate[],
  provider: StrictProvider,
  fallback = false,
): NonStrictTool[] {
  return tools.flatMap((tool) => {
    const projection = strictProjectionOf(tool, provider, fallback);
    return projection && !projection.strict
      ? [{ name: tool.name, provider, reason: projection.reason }]
      : [];
  });
}

/** `tool "tree" is sent non-strict to anthropic: children: recursive type "Node" (...)`. */
export const nonStrictMessage = (tool: NonStrictTool): string =>
  `tool "${tool.name}" is sent without strict to ${tool.provider === 'anthropic' ? 'Anthropic' : 'OpenAI'}: ${tool.reason}`;
