/**
 * The blocks of one hosted tool search, as the Messages API answers them in an assistant
 * message: the model's `server_tool_use` of `tool_search_tool_bm25` (or `_regex`) and its
 * `tool_search_tool_result` holding a `tool_reference` per tool found. For scripts of the
 * scripted server; the agent sends them back as they are.
 */
import type { ScriptedOtherBlock } from './types';

/** What a scripted hosted tool search searched and found. */
export interface ScriptedToolSearch {
  /** `bm25` (default: `query` is words) or `regex` (`query` is a pattern). */
  kind?: 'bm25' | 'regex';
  /** What the model searched for. */
  query: string;
  /** The tools found (their definitions must be sent, deferred). */
  found: string[];
  /** The `server_tool_use` id (default `srvtoolu_search_<query>`-like, unique per query). */
  id?: string;
}

/**
 * `server_tool_use` and `tool_search_tool_result` of one search.
 * @example
 * { content: [...toolSearchBlocks({ query: 'cancel order', found: ['cancel_order'] }), { type: 'tool_use', name: 'cancel_order', input }] }
 */
export function toolSearchBlocks(search: ScriptedToolSearch): ScriptedOtherBlock[] {
  const kind = search.kind ?? 'bm25';
  const id = search.id ?? `srvtoolu_${Buffer.from(search.query).toString('hex').slice(0, 24)}`;
  const input = kind === 'bm25' ? { query: search.query } : { pattern: search.query };
  return [
    { type: 'server_tool_use', id, name: `tool_search_tool_${kind}`, input },
    {
      type: 'tool_search_tool_result',
      tool_use_id: id,
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: search.found.map((name) => ({ type: 'tool_reference', tool_name: name })),
      },
    },
  ];
}
