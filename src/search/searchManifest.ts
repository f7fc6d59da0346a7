/**
 * The manifest of the prebuilt search tools, generated from `SearchTools.ts` by
 * `npm run manifest:search` (toolwright codegen) and checked in CI with `codegen --check`.
 */
import type { ToolManifest } from '../manifest/types';
import generated from './tools.manifest.json';

/**
 * The manifest of `DocumentSearch`, `WikipediaSearch` and `WebSearch`; merge it with your own
 * (`mergeManifests`) when the registry also serves your tools.
 */
export const searchManifest = generated as unknown as ToolManifest;

/**
 * One manifest holding the tools of several (your codegen output and `searchManifest`).
 * @example
 * new ToolRegistry({ manifest: mergeManifests(manifest, searchManifest) });
 */
export function mergeManifests(...manifests: ToolManifest[]): ToolManifest {
  return { version: 1, tools: manifests.flatMap((manifest) => manifest.tools) };
}
