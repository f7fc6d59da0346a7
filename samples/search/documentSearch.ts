/**
 * The README's search example: the user's documents in a hybrid in-memory store, saved and
 * loaded, served by the prebuilt `search_documents` tool next to the app's own tools, and the
 * final answer's citations read from the run.
 */
import type { ToolAgent } from 'toolwright';
import { ToolRegistry } from 'toolwright';
import {
  DocumentSearch,
  MemorySearchStore,
  VoyageEmbedder,
  mergeManifests,
  searchManifest,
} from 'toolwright/search';
import type { Embedder } from 'toolwright/search';
import { manifest } from '../tools.manifest';

/** Indexes the help pages and returns a registry serving them. */
export async function helpRegistry(longText: string, embedder?: Embedder): Promise<ToolRegistry> {
  const store = new MemorySearchStore({
    embedder: embedder ?? new VoyageEmbedder({ apiKey: process.env.VOYAGE_API_KEY! }),
  });
  await store.add([
    { id: 'faq-refunds', title: 'Refunds', text: longText, url: 'https://help.example/refunds' },
  ]);
  await store.save('index.json'); // later: await MemorySearchStore.load('index.json', { embedder })

  const registry = new ToolRegistry({
    manifest: mergeManifests(manifest, searchManifest),
  }).register(new DocumentSearch(store, { maxResultChars: 1500, maxTotalChars: 6000 }));
  return registry;
}

/** Prints which sources the answer cites. */
export async function citedSources(agent: ToolAgent): Promise<string[]> {
  const result = await agent.run('How long do refunds take?');
  for (const c of result.citations)
    console.log(c.searchResultIndex, c.source, c.title, c.citedText);
  return result.citations.map((c) => c.source);
}
