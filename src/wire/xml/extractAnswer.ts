/**
 * Reads the `<answer>` a model gives its final reply in, in the legacy format. Kept apart from
 * the call parser: an answer is prose, not a call.
 */

const ANSWER = /<answer>([\s\S]*?)(?:<\/answer>|$)/;

/** The text of the first `<answer>` element, trimmed; undefined when there is none. */
export function extractAnswer(text: string): string | undefined {
  const match = ANSWER.exec(String(text ?? ''));
  return match ? match[1].trim() : undefined;
}
