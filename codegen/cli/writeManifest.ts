/**
 * Compares the rendered manifest with the file on disk: `--check` reports the difference,
 * a normal run writes the file only when it changes (so watchers and builds stay quiet). A file
 * a formatter rewrote (prettier) that means the same as the rendered one is not a change.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ToolManifest } from '../../src/manifest/types';
import { diffManifests, formatDiff } from '../emit/diffManifests';
import {
  MANIFEST_DECLARATION,
  parseRenderedManifest,
  renderManifest,
} from '../emit/renderManifest';
import { sameManifestModule } from '../emit/readManifestModule';

const readIfExists = (path: string): string | undefined =>
  existsSync(path) ? readFileSync(path, 'utf8') : undefined;

/**
 * Whether the file at `path` holds exactly `text`. A file of another size is not read at all, and
 * one of the same size is compared as bytes: decoding a manifest of a thousand tools costs more
 * than the rest of the comparison.
 */
function sameOnDisk(path: string, text: string): boolean {
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (size === undefined || size !== Buffer.byteLength(text)) return false;
  return readFileSync(path).equals(Buffer.from(text));
}

/** Whether two renderings of a manifest mean the same: equal JSON, or modules of equal meaning. */
function sameMeaning(existing: string, text: string): boolean {
  try {
    if (text.startsWith('{'))
      return JSON.stringify(JSON.parse(existing)) === JSON.stringify(JSON.parse(text));
    return sameManifestModule(existing, text);
  } catch {
    return false;
  }
}

/** Whether the manifest literal on disk is laid out as codegen writes it (so no formatter touched it). */
const codegenLayout = (existing: string): boolean =>
  existing.includes(`${MANIFEST_DECLARATION}{\n  "version": `) ||
  existing.startsWith('{\n  "version": ');

/** Writes the manifest when it changed; returns whether it wrote. */
export function writeManifest(manifest: ToolManifest, out: string): boolean {
  return writeRendered(renderManifest(manifest, out), out);
}

/** Writes a rendered manifest (`renderManifest`) when it changed; returns whether it wrote. */
export function writeRendered(text: string, out: string): boolean {
  if (sameOnDisk(out, text)) return false;
  // A formatted file is read as TypeScript (slower): only when its layout says it was formatted.
  const existing = readIfExists(out);
  if (existing !== undefined && !codegenLayout(existing) && sameMeaning(existing, text))
    return false;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  return true;
}

/** `undefined` when the file on disk is up to date, otherwise the lines saying why not. */
export function checkManifest(manifest: ToolManifest, out: string): string[] | undefined {
  const text = renderManifest(manifest, out);
  if (sameOnDisk(out, text)) return undefined;
  const existing = readIfExists(out);
  if (existing === undefined) return ['  the file does not exist'];
  if (sameMeaning(existing, text)) return undefined;
  const previous = parseRenderedManifest(existing);
  if (!previous?.tools) return ['  the file is not a manifest codegen can read'];
  const lines = formatDiff(diffManifests(previous, manifest));
  return lines.length ? lines : ['  the formatting differs (no tool changed)'];
}
