/**
 * Takes a tool's definition from the manifest and checks it still matches the decorated
 * method: same tool name, class, method and parameter mapping. Any difference means the
 * manifest is stale, a `ManifestMismatchError` that says to run codegen.
 */
import { ManifestMismatchError } from '../errors/ManifestMismatchError';
import type { ManifestTool, ToolManifest } from '../manifest/types';
import { toSnakeCase } from '../naming/toolName';
import { methodLabel } from './describeTarget';
import type { MethodFacts } from './definitionFromMetadata';
import { toolOptionsOf } from './toolOptions';
import type { ToolDefinition } from './ToolDefinition';

const RUN_CODEGEN = 'the manifest is stale; run toolwright codegen';

function checkParams(facts: MethodFacts, entry: ManifestTool): void {
  const where = methodLabel(facts.className, facts.tool.methodName);
  const differs =
    entry.params.length !== facts.params.length ||
    facts.params.some((param) => {
      const listed = entry.params.find((p) => p.index === param.index);
      if (!listed || listed.kind !== param.kind) return true;
      return (
        param.kind === 'named' &&
        listed.kind === 'named' &&
        param.name !== undefined &&
        param.name !== listed.name
      );
    });
  if (differs) {
    throw new ManifestMismatchError(
      `Tool "${entry.name}" (${where}): its parameters differ from the manifest's; ${RUN_CODEGEN}`,
    );
  }
}

/** The manifest's definition of the tool declared by `facts`. */
export function definitionFromManifest(facts: MethodFacts, manifest: ToolManifest): ToolDefinition {
  const where = methodLabel(facts.className, facts.tool.methodName);
  const name = facts.tool.options.name ?? toSnakeCase(facts.tool.methodName);
  // Two classes may declare the same name (codegen warns, TW107): the entry is this method's.
  const named = manifest.tools.filter((tool) => tool.name === name);
  const entry =
    named.find(
      (tool) =>
        facts.classChain.includes(tool.target.class) &&
        tool.target.method === facts.tool.methodName,
    ) ?? named[0];
  if (!entry) {
    throw new ManifestMismatchError(
      `Tool "${name}" (${where}) is not in the manifest; ${RUN_CODEGEN}`,
    );
  }
  // An inherited tool is declared (and so listed) on the base class that carries its @Tool.
  if (
    !facts.classChain.includes(entry.target.class) ||
    entry.target.method !== facts.tool.methodName
  ) {
    throw new ManifestMismatchError(
      `Tool "${name}" is ${entry.target.class}.${entry.target.method} in the manifest but ${where} at run time; ${RUN_CODEGEN}`,
    );
  }
  checkParams(facts, entry);
  return { ...entry, options: { ...entry.options, ...toolOptionsOf(facts.tool.options) } };
}

/** Manifest tools of a registered class that no longer carry `@Tool`: also a stale manifest. */
export function checkNoVanishedTools(
  className: string,
  found: readonly string[],
  manifest: ToolManifest,
): void {
  const vanished = manifest.tools.filter(
    (t) => t.target.class === className && !found.includes(t.name),
  );
  if (vanished.length > 0) {
    const list = vanished
      .map((t) => `"${t.name}" (${t.target.class}.${t.target.method})`)
      .join(', ');
    throw new ManifestMismatchError(
      `The manifest lists ${list}, which ${className} no longer declares with @Tool; ${RUN_CODEGEN}`,
    );
  }
}
