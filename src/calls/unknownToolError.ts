/**
 * The text for a call of a tool that does not exist, for the parsers that know the tool list:
 * the registry's own wording (`Unknown tool "x". Available tools: a, b.`), so the model reads
 * the same error whichever layer caught the mistake.
 */
import { DEFAULT_MAX_ERROR_LENGTH } from '../errors/sanitizeForModel';
import { unknownToolText } from './modelText';

/** `Unknown tool "x". Available tools: a, b.` */
export function unknownToolError(name: string, available: readonly { name: string }[]): string {
  return unknownToolText(
    name,
    available.map((tool) => tool.name),
    DEFAULT_MAX_ERROR_LENGTH,
  );
}
