/**
 * What the Messages API checks of tool search in a request (issue 48): not every tool may be
 * deferred, the tool search tool itself may not be, a `tool_reference` must name a tool the
 * request sends, and a deferred tool may be called only once a `tool_reference` loaded it (from
 * the hosted search's `tool_search_tool_result`, or a custom search's `tool_result`). Returns
 * the 400 message, or null.
 */

interface Block {
  type?: unknown;
  name?: unknown;
  tool_name?: unknown;
  content?: unknown;
}

const SEARCH_TOOL = /^tool_search_tool_(bm25|regex)/;

const asArray = (value: unknown): Block[] => (Array.isArray(value) ? (value as Block[]) : []);

/** The `tool_reference` blocks a block carries, wherever the API puts them. */
function referencesOf(block: Block): Block[] {
  if (block.type === 'tool_search_tool_result') {
    return asArray((block.content as { tool_references?: unknown } | null)?.tool_references);
  }
  if (block.type === 'tool_result') return asArray(block.content);
  return [];
}

function checkTools(tools: readonly Block[]): string | null {
  const deferred = tools.filter((tool) => (tool as { defer_loading?: unknown }).defer_loading);
  if (deferred.length === 0) return null;
  if (deferred.length === tools.length) {
    return 'tools: at least one tool must not have `defer_loading: true` (every tool was deferred).';
  }
  const search = deferred.find((tool) => SEARCH_TOOL.test(String(tool.type ?? '')));
  if (search) return `tools: the tool search tool ${String(search.name)} cannot be deferred.`;
  return null;
}

/**
 * The API's 400 message for a request that breaks a tool search rule, or null.
 * @example
 * checkToolSearch(body.tools, body.messages); // null, or 'messages.2.content.0: ...'
 */
export function checkToolSearch(
  tools: readonly unknown[] | undefined,
  messages: readonly unknown[],
): string | null {
  const list = asArray(tools);
  const problem = checkTools(list);
  if (problem) return problem;
  const sent = new Set(list.map((tool) => String(tool.name)));
  const deferred = new Set(
    list
      .filter((tool) => (tool as { defer_loading?: unknown }).defer_loading)
      .map((tool) => String(tool.name)),
  );
  const loaded = new Set<string>();
  for (const [i, message] of messages.entries()) {
    for (const [j, block] of asArray(
      (message as { content?: unknown } | null)?.content,
    ).entries()) {
      if (
        block.type === 'tool_use' &&
        deferred.has(String(block.name)) &&
        !loaded.has(String(block.name))
      ) {
        return `messages.${i}.content.${j}: tool_use calls ${String(block.name)}, a deferred tool (defer_loading) that no tool_reference has loaded.`;
      }
      for (const reference of referencesOf(block)) {
        if (reference.type !== 'tool_reference') continue;
        const name = String(reference.tool_name);
        if (!sent.has(name)) {
          return `messages.${i}.content.${j}: tool_reference names ${name}, which is not in tools.`;
        }
        loaded.add(name);
      }
    }
  }
  return null;
}
