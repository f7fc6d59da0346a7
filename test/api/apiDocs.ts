/**
 * The generated API reference in docs/api/: API Documenter's Markdown pages from the doc models
 * (`.api.json`) API Extractor writes beside each API report (apiReport.ts). API Extractor reads
 * one entry point at a time and names each model after the package, `toolwright`; here each
 * sub-entry's model is renamed after its report (`toolwright-nest`), its references to its own
 * exports follow it, and its references to what it re-exports from the main entry
 * (`toolwright!~ToolRegistry_2`, a local alias) point at the main entry's page. The pages then
 * show each entry as it is imported (`toolwright/nest`).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const DOCUMENTER = join(
  dirname(require.resolve('@microsoft/api-documenter/package.json')),
  'bin',
  'api-documenter',
);

/** The main entry's model and report name. */
const MAIN = 'toolwright';

/** How an entry is imported: `toolwright-nest` → `toolwright/nest`. */
const importName = (entry: string): string =>
  entry === MAIN ? MAIN : `${MAIN}/${entry.slice(MAIN.length + 1)}`;

/**
 * A sub-entry's reference, as the merged model resolves it: its own exports under its name, a
 * local alias of a main-entry export (`~Name_2`) as that export; anything else as it is.
 */
function entryReference(entry: string, reference: string): string {
  const match = /^toolwright!(~?)(.*)$/s.exec(reference);
  if (!match) return reference;
  if (!match[1]) return `${entry}!${match[2]}`;
  return `${MAIN}!${match[2].replace(/_\d+(?=[:.]|$)/, '')}`;
}

/** Rewrites every `canonicalReference` below `node` with `rewrite`. */
function rewriteReferences(node: unknown, rewrite: (reference: string) => string): void {
  if (Array.isArray(node)) for (const item of node) rewriteReferences(item, rewrite);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'canonicalReference' && typeof value === 'string') record[key] = rewrite(value);
      else rewriteReferences(value, rewrite);
    }
  }
}

/** Renames the sub-entries' models in `modelFolder` (one `<entry>.api.json` per entry). */
function renameEntries(modelFolder: string): void {
  for (const file of readdirSync(modelFolder).filter((name) => name.endsWith('.api.json'))) {
    const entry = file.slice(0, -'.api.json'.length);
    if (entry === MAIN) continue;
    const path = join(modelFolder, file);
    const model = JSON.parse(readFileSync(path, 'utf8')) as { name: string };
    model.name = entry;
    rewriteReferences(model, (reference) => entryReference(entry, reference));
    writeFileSync(path, JSON.stringify(model, null, 2));
  }
}

/** A page with each sub-entry shown as it is imported (its files keep the report's name). */
const importNames = (page: string): string =>
  page
    .replace(/\[(toolwright-[\w-]+)\]\(/g, (_, entry: string) => `[${importName(entry)}](`)
    .replace(/^## (toolwright-[\w-]+) package$/m, (_, entry: string) => `## ${importName(entry)} package`);

/**
 * Writes the Markdown reference of the models in `modelFolder` into `outFolder` (emptied first);
 * the models are rewritten in place.
 */
export function writeApiDocs(modelFolder: string, outFolder: string): void {
  renameEntries(modelFolder);
  execFileSync(process.execPath, [DOCUMENTER, 'markdown', '-i', modelFolder, '-o', outFolder], {
    stdio: 'pipe',
  });
  for (const file of readdirSync(outFolder)) {
    const path = join(outFolder, file);
    writeFileSync(path, importNames(readFileSync(path, 'utf8')));
  }
}

/** The pages of `expected` that `actual` lacks, has more of, or holds otherwise. */
export function differentPages(expected: string, actual: string): string[] {
  const listed = (folder: string): string[] => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  };
  const names = new Set([...listed(expected), ...listed(actual)]);
  return [...names].sort().filter((name) => {
    try {
      return readFileSync(join(expected, name), 'utf8') !== readFileSync(join(actual, name), 'utf8');
    } catch {
      return true;
    }
  });
}
