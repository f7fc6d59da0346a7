/**
 * Takes a tool's definition from the manifest and checks it still matches the decorated
 * method: same tool name, method and parameter mapping (the class chooses between entries of
 * one name). Any difference means the
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

/**
 * The manifest entry of the method `facts` describes. The key is the tool name, which the
 * decorator records from the method (a name a bundler keeps); the class only chooses between
 * entries of one name (a hand-made manifest may list it twice; codegen refuses that, TW107). So a bundler that
 * renames classes (esbuild or terser with minified names) keeps the join, as long as the name
 * is the manifest's only entry of that method; with several, the class must be found.
 */
function entryOf(facts: MethodFacts, manifest: ToolManifest, name: string): ManifestTool {
  const where = methodLabel(facts.className, facts.tool.methodName);
  const named = manifest.tools.filter((tool) => tool.name === name);
  const sameMethod = named.filter((tool) => tool.target.method === facts.tool.methodName);
  const inChain = sameMethod.find((tool) => facts.classChain.includes(tool.target.class));
  if (inChain) return inChain;
  if (sameMethod.length === 1 && named.length === 1) return sameMethod[0];
  if (named.length === 0) {
    throw new ManifestMismatchError(
      `Tool "${name}" (${where}) is not in the manifest; ${RUN_CODEGEN}`,
    );
  }
  if (sameMethod.length > 1) {
    const listed = sameMethod.map((t) => `${t.target.class}.${t.target.method}`).join(', ');
    throw new ManifestMismatchError(
      `Tool "${name}" (${where}) is declared by several classes of the manifest (${listed}) and ${facts.className} is none of them; ` +
        `if a bundler renamed the classes, keep their names (esbuild --keep-names) or give the tools distinct names (@Tool({ name })); else ${RUN_CODEGEN}`,
    );
  }
  const listed = named.map((t) => `${t.target.class}.${t.target.method}`).join(', ');
  throw new ManifestMismatchError(
    `Tool "${name}" is ${listed} in the manifest but ${where} at run time; ${RUN_CODEGEN}`,
  );
}

/** The manifest's definition of the tool declared by `facts`. */
export function definitionFromManifest(facts: MethodFacts, manifest: ToolManifest): ToolDefinition {
  const options = toolOptionsOf(
    facts.tool.options,
    methodLabel(facts.className, facts.tool.methodName),
  );
  const name = facts.tool.options.name ?? toSnakeCase(facts.tool.methodName);
  const entry = entryOf(facts, manifest, name);
  checkParams(facts, entry);
  return { ...entry, options: { ...entry.options, ...options } };
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
