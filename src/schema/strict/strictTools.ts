/**
 * Which tools go out strict: a tool's own `strict` option wins, else the registry's or the
 * agent's default. One rule for every renderer, the registry's warning, the OpenAI null
 * handling and `toolwright show`, so what is sent and what is said about it agree.
 */
import type { JsonSchema } from '../JsonSchema';
import { strictInputSchema } from './projectStrictSchema';
import { ANTHROPIC_REQUEST_LIMITS } from './strictRules';
import type { StrictProjection, StrictProvider } from './types';
import { calledFromCode } from './codeCallers';
import type { CodeCallerOptions } from './codeCallers';

/** What the rule needs of a tool (a manifest entry or a registered tool). */
export interface StrictCandidate {
  name: string;
  inputSchema: JsonSchema;
  options?: { strict?: unknown } & CodeCallerOptions;
}

/** Why a tool code calls goes to Claude without strict. */
const FROM_CODE =
  'it is called from code (callableFromCode), and the Messages API takes no strict tool from code';

/** Whether the tool asks for strict tool use: `@Tool({ strict })`, else `fallback`. */
export const wantsStrict = (tool: StrictCandidate, fallback = false): boolean =>
  typeof tool.options?.strict === 'boolean' ? tool.options.strict : fallback;

/** The tool's strict projection for `provider` when it asks for strict; `undefined` when it does not. */
export function strictProjectionOf(
  tool: StrictCandidate,
  provider: StrictProvider,
  fallback = false,
): StrictProjection | undefined {
  if (!wantsStrict(tool, fallback)) return undefined;
  if (provider === 'anthropic' && calledFromCode(tool.options)) {
    return { strict: false, reason: FROM_CODE };
  }
  return strictInputSchema(tool.inputSchema, provider);
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

/**
 * What the strict tools among `tools`, sent together to Claude, pass of the Messages API's
 * per-request limits (20 strict tools, 24 optional properties, 16 unions): one sentence each.
 */
export function anthropicLimitProblems(
  tools: readonly StrictCandidate[],
  fallback = false,
): string[] {
  const strict = tools.flatMap((tool) => {
    const projection = strictProjectionOf(tool, 'anthropic', fallback);
    return projection?.strict ? [projection.stats] : [];
  });
  const sum = (key: 'optionalProperties' | 'unions') =>
    strict.reduce((total, stats) => total + stats[key], 0);
  const limits = ANTHROPIC_REQUEST_LIMITS;
  const counts: [number, number, string][] = [
    [strict.length, limits.strictTools, 'strict tools'],
    [
      sum('optionalProperties'),
      limits.optionalProperties,
      'optional properties across the strict tools',
    ],
    [sum('unions'), limits.unions, 'properties with anyOf or a type array across the strict tools'],
  ];
  return counts
    .filter(([count, limit]) => count > limit)
    .map(
      ([count, limit, what]) =>
        `${count} ${what}, where the Messages API allows ${limit} per request; it will refuse requests with all of them (send fewer tools strict)`,
    );
}

/** `tool "tree" is sent non-strict to anthropic: children: recursive type "Node" (...)`. */
export const nonStrictMessage = (tool: NonStrictTool): string =>
  `tool "${tool.name}" is sent without strict to ${tool.provider === 'anthropic' ? 'Anthropic' : 'OpenAI'}: ${tool.reason}`;
