/**
 * Every text the registry answers the model with when a call is not dispatched or fails,
 * built in one place and passed through the one sanitiser.
 */
import { ToolError } from '../errors/ToolError';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { byNearness } from '../naming/closestName';
import { sliceAtCodePoints } from '../text/cutAtCodePoint';

const MAX_PROBLEM_LINES = 20;
const MAX_LISTED_TOOLS = 10;

/** A name the model sent, quoted and bounded so it cannot flood the reply. */
export const quoteName = (name: unknown): string => {
  const text = typeof name === 'string' ? name : String(name);
  return JSON.stringify(text.length > 80 ? `${sliceAtCodePoints(text, 0, 80)}…` : text);
};

/**
 * Unknown tool: says which exist; of more than fit, the names nearest the one sent (a misspelt
 * name's tool first), not the first registered.
 */
export function unknownToolText(name: unknown, available: readonly string[], max: number): string {
  const many = available.length > MAX_LISTED_TOOLS;
  const shown = many ? byNearness(String(name), available) : available;
  const listed = shown.slice(0, MAX_LISTED_TOOLS).join(', ');
  const more = many ? ` and ${available.length - MAX_LISTED_TOOLS} more` : '';
  const which = many ? `Available tools (the ${MAX_LISTED_TOOLS} nearest):` : 'Available tools:';
  const hint = available.length ? `${which} ${listed}${more}.` : 'No tools are available.';
  return sanitizeForModel(`Unknown tool ${quoteName(name)}. ${hint}`, max);
}

/** Rejected input: one line per problem, bounded. */
export function invalidInputText(name: string, problems: readonly string[], max: number): string {
  const shown = problems.slice(0, MAX_PROBLEM_LINES);
  const more =
    problems.length > shown.length ? [`… and ${problems.length - shown.length} more problems`] : [];
  return sanitizeForModel(
    [`Invalid input for tool ${quoteName(name)}:`, ...shown, ...more].join('\n'),
    max,
  );
}

/** The method threw: a `ToolError`'s message verbatim, otherwise the error's name and message. */
export function thrownText(name: string, error: unknown, max: number): string {
  if (error instanceof ToolError) return sanitizeForModel(error.message, max);
  const described =
    error instanceof Error
      ? `${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error.message}`
      : String(error);
  return sanitizeForModel(`Tool ${quoteName(name)} failed: ${described}`, max);
}

/** The call ran past its time limit. */
export const timedOutText = (name: string, ms: number): string =>
  `Tool ${quoteName(name)} timed out after ${ms} ms`;

/** The call was aborted by the caller. */
export const abortedText = (name: string): string =>
  `Tool ${quoteName(name)} was aborted before it finished`;
