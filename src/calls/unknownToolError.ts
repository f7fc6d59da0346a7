/**
 * The one text for a call of a tool that does not exist, naming the tools that do, so the
 * model can correct itself whatever the wire format.
 */
import { sanitizeForModel } from '../errors/sanitizeForModel';

const MAX_LISTED = 20;

/** `Unknown tool "x". Available tools: a, b.` */
export function unknownToolError(name: string, available: readonly { name: string }[]): string {
  const names = available.slice(0, MAX_LISTED).map((tool) => tool.name);
  const more = available.length > MAX_LISTED ? `, and ${available.length - MAX_LISTED} more` : '';
  const list = names.length
    ? ` Available tools: ${names.join(', ')}${more}.`
    : ' No tools are available.';
  return sanitizeForModel(`Unknown tool "${name}".${list}`);
}
