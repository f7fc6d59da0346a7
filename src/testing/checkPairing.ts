/**
 * The pairing rule the real Messages API enforces: every `tool_use` of an assistant message is
 * answered by exactly one `tool_result` with its id, at the start of the next user message, and
 * no `tool_result` answers a call that was not made. Returns the 400 message, or null.
 */

interface Block {
  type?: unknown;
  id?: unknown;
  tool_use_id?: unknown;
}

function blocksOf(message: unknown): Block[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Block[]) : [];
}

function roleOf(message: unknown): unknown {
  return (message as { role?: unknown } | null)?.role;
}

/** Checks one user message against the `tool_use` ids of the assistant message before it. */
function checkAnswer(useIds: string[], answer: unknown, at: number): string | null {
  const blocks = roleOf(answer) === 'user' ? blocksOf(answer) : [];
  const seen = new Set<string>();
  let leading = true;
  for (const [j, block] of blocks.entries()) {
    if (block.type !== 'tool_result') {
      leading = false;
      continue;
    }
    const id = String(block.tool_use_id);
    if (!leading) {
      return `messages.${at}.content.${j}: \`tool_result\` blocks must come before any other content in the message.`;
    }
    if (!useIds.includes(id)) {
      return `messages.${at}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
    if (seen.has(id)) {
      return `messages.${at}.content.${j}: duplicate \`tool_result\` for \`tool_use_id\` ${id}.`;
    }
    seen.add(id);
  }
  const missing = useIds.filter((id) => !seen.has(id));
  if (missing.length === 0) return null;
  return `messages.${at - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

/** The API's 400 message for a history that breaks the pairing rule, or null when it holds. */
export function checkPairing(messages: readonly unknown[]): string | null {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (roleOf(message) === 'assistant') {
      const ids = blocksOf(message)
        .filter((block) => block.type === 'tool_use')
        .map((block) => String(block.id));
      if (ids.length === 0 || i === messages.length - 1) continue;
      const problem = checkAnswer(ids, messages[i + 1], i + 1);
      if (problem) return problem;
    } else if (roleOf(message) === 'user') {
      const previous = i > 0 ? messages[i - 1] : undefined;
      const answersCalls =
        roleOf(previous) === 'assistant' && blocksOf(previous).some((b) => b.type === 'tool_use');
      const stray = blocksOf(message).findIndex((block) => block.type === 'tool_result');
      if (!answersCalls && stray >= 0) {
        return `messages.${i}.content.${stray}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(blocksOf(message)[stray].tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
  }
  return null;
}
