/**
 * Which `@Tool()` options toolwright knows, and what is wrong with the options of one tool: an
 * unknown option (with the closest known one), or an `anthropic` field toolwright writes itself.
 * One rule that codegen (TW115) and `register()` (`ToolDefinitionError`) both apply, so a
 * misspelt `requiresApproval` can never be sent to the API while the tool runs unapproved.
 */
import { closestName } from '../naming/closestName';
import type { ToolAnnotations, ToolOptions } from './types';

/** Every option of `ToolOptions` (the compiler checks this table is complete). */
const OPTION_TABLE: Record<keyof ToolOptions, true> = {
  name: true,
  description: true,
  strict: true,
  requiresApproval: true,
  timeoutMs: true,
  longRunning: true,
  alwaysLoaded: true,
  scopes: true,
  roles: true,
  examples: true,
  callableFromCode: true,
  cacheControl: true,
  annotations: true,
  deprecated: true,
  anthropic: true,
};

/** The names of every `@Tool()` option. */
export const TOOL_OPTION_NAMES: readonly string[] = Object.keys(OPTION_TABLE);

/** The MCP hints, which go in `annotations`. */
const ANNOTATION_TABLE: Record<keyof ToolAnnotations, true> = {
  title: true,
  readOnlyHint: true,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};

/** Fields of the API definition toolwright writes from the tool, and what sets each. */
const OWN_FIELDS: Record<string, string> = {
  name: "the tool's name (`name`)",
  description: 'the JSDoc or `description`',
  input_schema: "the method's parameters",
  strict: '`strict`',
  input_examples: '`@example` or `examples`',
};

/** One problem of a tool's options: the option at fault, and what to do about it. */
export interface ToolOptionProblem {
  /** The option's key as written (`timeoutMS`, or `anthropic.input_schema`). */
  option: string;
  /** Why, ending in the fix. */
  message: string;
}

function unknownOption(key: string, value: unknown): string {
  if (key in ANNOTATION_TABLE) {
    return `"${key}" is an MCP hint: write it as annotations: { ${key}: ${JSON.stringify(value)} }`;
  }
  const closest = closestName(key, TOOL_OPTION_NAMES);
  const fix = closest
    ? `did you mean "${closest}"?`
    : `the options are ${TOOL_OPTION_NAMES.join(', ')}`;
  return (
    `"${key}" is not a @Tool option; ${fix} ` +
    `(a field of the Anthropic tool definition goes in anthropic: { ${key}: ... })`
  );
}

/**
 * The problems of one tool's options, in the order they are written; empty when all is well.
 * @example
 * toolOptionProblems({ requireApproval: true }); // [{ option: 'requireApproval', message: '… did you mean "requiresApproval"? …' }]
 */
export function toolOptionProblems(
  options: Readonly<Record<string, unknown>>,
): ToolOptionProblem[] {
  const problems: ToolOptionProblem[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (!(key in OPTION_TABLE)) problems.push({ option: key, message: unknownOption(key, value) });
  }
  const anthropic = options.anthropic;
  if (anthropic === undefined) return problems;
  if (typeof anthropic !== 'object' || anthropic === null || Array.isArray(anthropic)) {
    problems.push({
      option: 'anthropic',
      message:
        '"anthropic" takes an object of tool definition fields, such as { defer_loading: true }',
    });
    return problems;
  }
  for (const key of Object.keys(anthropic)) {
    if (key in OWN_FIELDS) {
      problems.push({
        option: `anthropic.${key}`,
        message: `"anthropic.${key}" is written by toolwright from ${OWN_FIELDS[key]}; set that instead`,
      });
    }
  }
  return problems;
}
