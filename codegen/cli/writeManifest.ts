/**
 * Compares the rendered manifest with the file on disk: `--check` reports the difference,
 * a normal run writes the file only when its bytes change (so watchers and builds stay quiet).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ToolManifest } from '../../src/manifest/types';
import { diffManifests, formatDiff } from '../emit/diffManifests';
import { parseRenderedManifest, renderManifest } from '../emit/renderManifest';

const readIfExists = (path: string): string | undefined =>
  existsSync(path) ? readFileSync(path, 'utf8') : undefined;

/** Writes the manifest when it changed; returns whether it wrote. */
export function writeManifest(manifest: ToolManifest, out: string): boolean {
  return writeRendered(renderManifest(manifest, out), out);
}

/** Writes a rendered manifest (`renderManifest`) when it changed; returns whether it wrote. */
export function writeRendered(text: string, out: string): boolean {
  if (readIfExists(out) === text) return false;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  return true;
}

/** `undefined` when the file on disk is up to date, otherwise the lines saying why not. */
export function checkManifest(manifest: ToolManifest, out: string): string[] | undefined {
  const text = renderManifest(manifest, out);
  const existing = readIfExists(out);
  if (existing === text) return undefined;
  if (existing === undefined) return ['  the file does not exist'];
  const previous = parseRenderedManifest(existing);
  if (!previous?.tools) return ['  the file is not a manifest codegen can read'];
  const lines = formatDiff(diffManifests(previous, manifest));
  return lines.length ? lines : ['  the formatting differs (no tool changed)'];
}
