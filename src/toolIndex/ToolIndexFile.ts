/**
 * The tool search index file (`tools.search.json`, beside the manifest): per tool its name and
 * its analysed terms (`analyzeText` over the name, the description, each parameter's name and
 * description, and the JSDoc tags), made at build time so an agent only analyses its queries.
 * Plain JSON: about 250 bytes a tool, read by `ToolIndex.fromFile`.
 */

/** The index file's format marker. */
export const TOOL_INDEX_FORMAT: ToolIndexFile['format'] = 'toolwright-tool-index';

/** The analysis the terms were made with; an index of another one is refused (rebuild it). */
export const TOOL_INDEX_ANALYZER = 'en-light-1';

/** One tool of the index. */
export interface ToolIndexEntry {
  /** The tool's name, as the model calls it. */
  name: string;
  /** Its analysed terms, space-separated (the name's words first, repeated as its weight). */
  terms: string;
}

/** The whole index file. */
export interface ToolIndexFile {
  format: 'toolwright-tool-index';
  version: 1;
  /** The analysis of `terms` (`TOOL_INDEX_ANALYZER`). */
  analyzer: string;
  tools: ToolIndexEntry[];
}
