/**
 * What changed between the manifest on disk and the one codegen would write, by tool name:
 * the short summary `--check` prints when the file is stale.
 */
import type { ManifestTool, ToolManifest } from '../../src/manifest/types';

/** Tools added, removed, and changed (with the fields that differ). */
export interface ManifestDiff {
  /** Names of the tools only the new manifest has. */
  added: string[];
  /** Names of the tools only the old manifest has. */
  removed: string[];
  /** The tools in both whose fields differ, with those fields. */
  changed: { name: string; fields: string[] }[];
}

const FIELDS: (keyof ManifestTool)[] = [
  'description',
  'inputSchema',
  'params',
  'target',
  'examples',
  'options',
];

/** The difference from `before` to `after`. */
export function diffManifests(before: ToolManifest, after: ToolManifest): ManifestDiff {
  const old = new Map(before.tools.map((tool) => [tool.name, tool]));
  const next = new Map(after.tools.map((tool) => [tool.name, tool]));
  const diff: ManifestDiff = { added: [], removed: [], changed: [] };
  for (const [name, tool] of next) {
    const previous = old.get(name);
    if (!previous) {
      diff.added.push(name);
      continue;
    }
    const fields = FIELDS.filter(
      (field) => JSON.stringify(previous[field]) !== JSON.stringify(tool[field]),
    );
    if (fields.length) diff.changed.push({ name, fields });
  }
  for (const name of old.keys()) if (!next.has(name)) diff.removed.push(name);
  return diff;
}

/** The diff as lines for a terminal: `+ name`, `- name`, `~ name (description, inputSchema)`. */
export function formatDiff(diff: ManifestDiff): string[] {
  return [
    ...diff.added.map((name) => `  + ${name} (added)`),
    ...diff.removed.map((name) => `  - ${name} (removed)`),
    ...diff.changed.map(({ name, fields }) => `  ~ ${name} (${fields.join(', ')} changed)`),
  ];
}
