/**
 * The tool search index at run time: BM25 over each tool's analysed terms, on the library's own
 * `MemorySearchStore` (no engine of our own). Built from codegen's index file (`fromFile`,
 * `load`) or from descriptors (`fromTools`); a query goes through the same `analyzeText`, and
 * the answer is tool names, best first.
 */
import { readFile } from 'node:fs/promises';
import type { ToolDescriptor } from '../manifest/types';
import { MemorySearchStore } from '../search/MemorySearchStore';
import { analyzeText } from './analyzeText';
import { ToolIndexError } from './ToolIndexError';
import { TOOL_INDEX_ANALYZER, TOOL_INDEX_FORMAT } from './ToolIndexFile';
import type { ToolIndexEntry, ToolIndexFile } from './ToolIndexFile';
import { toolTerms } from './toolTerms';

/** Large enough that a tool's terms are never chunked: one tool, one BM25 document. */
const WHOLE = { maxChars: 1_000_000, overlap: 0 };

/**
 * Searches a project's tools by what they do.
 * @example
 * const index = await ToolIndex.load('src/tools.search.json');
 * await index.search('charged twice refund', 5); // ['refund_duplicate_charge', ...]
 */
export class ToolIndex {
  private constructor(
    private readonly store: MemorySearchStore,
    /** The indexed tools' names. */
    readonly names: ReadonlySet<string>,
  ) {}

  /** The index of entries (codegen's, or `toolTerms` of each tool). */
  static async fromEntries(entries: readonly ToolIndexEntry[]): Promise<ToolIndex> {
    const store = new MemorySearchStore({ chunking: WHOLE });
    await store.add(entries.map((entry) => ({ id: entry.name, title: '', text: entry.terms })));
    return new ToolIndex(store, new Set(entries.map((entry) => entry.name)));
  }

  /** The index of a parsed index file; refuses anything else. */
  static async fromFile(file: unknown, where = 'the tool index'): Promise<ToolIndex> {
    const index = file as Partial<ToolIndexFile> | null;
    if (!index || index.format !== TOOL_INDEX_FORMAT || !Array.isArray(index.tools)) {
      throw new ToolIndexError(
        `${where} is not a toolwright tool index; write one with toolwright codegen --search-index`,
      );
    }
    if (index.analyzer !== TOOL_INDEX_ANALYZER) {
      throw new ToolIndexError(
        `${where} was analysed as ${String(index.analyzer)}, this toolwright reads ${TOOL_INDEX_ANALYZER}; run toolwright codegen again`,
      );
    }
    return ToolIndex.fromEntries(index.tools);
  }

  /** Reads an index file (`tools.search.json`). */
  static async load(path: string): Promise<ToolIndex> {
    return ToolIndex.fromFile(JSON.parse(await readFile(path, 'utf8')) as unknown, path);
  }

  /** An index made at run time from the registry's descriptors (no JSDoc tags beyond the description). */
  static fromTools(tools: readonly ToolDescriptor[]): Promise<ToolIndex> {
    return ToolIndex.fromEntries(tools.map((tool) => toolTerms(tool)));
  }

  /** The names of the tools best matching `query`, at most `maxResults`, best first. */
  async search(query: string, maxResults: number): Promise<string[]> {
    const terms = analyzeText(query);
    if (terms.length === 0) return [];
    const hits = await this.store.search({ query: terms.join(' '), maxResults });
    return hits.map((hit) => hit.source);
  }
}
