/**
 * Builds the tool search index codegen writes beside the manifest (`--search-index`): each
 * tool's analysed terms (`src/toolIndex/toolTerms`, the one rule an agent's run-time index uses
 * too) from its manifest entry and its extra JSDoc tags. Pure: the source reader is passed in.
 *
 * The engine is the library's own `MemorySearchStore` (BM25), fed these pre-analysed terms; the
 * FTS5 store was the other candidate, but it ships a SQLite file (several times larger than this
 * JSON: about 250 bytes a tool) and needs `node:sqlite` where the agent runs, for the same BM25
 * ranking; the recall comes from the analysis (identifiers split, inflections stemmed, parameters
 * and tags indexed, the name weighted), which both would share. `npm run bench -- toolsearch`
 * measures recall@5 on the 1,010-tool project.
 */
import type { ToolManifest } from '../../src/manifest/types';
import { TOOL_INDEX_ANALYZER, TOOL_INDEX_FORMAT } from '../../src/toolIndex/ToolIndexFile';
import type { ToolIndexFile } from '../../src/toolIndex/ToolIndexFile';
import { toolTerms } from '../../src/toolIndex/toolTerms';
import { SourceTags } from './searchTagsOf';
import type { SourceReader } from './searchTagsOf';

/**
 * The index of a manifest's tools; `readSource` reads a manifest `target.file` (relative to the
 * project root): the source file codegen's program parsed (no second parse), its text, or
 * undefined (the tool is indexed without its extra tags).
 * @example
 * const index = buildToolIndex(manifest, (file) => readFileSync(join(root, file), 'utf8'));
 */
export function buildToolIndex(
  manifest: ToolManifest,
  readSource: SourceReader = () => undefined,
): ToolIndexFile {
  const tags = new SourceTags(readSource);
  return {
    format: TOOL_INDEX_FORMAT,
    version: 1,
    analyzer: TOOL_INDEX_ANALYZER,
    tools: manifest.tools.map((tool) =>
      toolTerms(tool, tags.of(tool.target.file, tool.target.method, tool.target.line)),
    ),
  };
}
