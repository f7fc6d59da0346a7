/**
 * The register phase of the registry: an instance's `@Tool` methods bound into tools (from the
 * manifest when given, else from decorator metadata), and the duplicate-name check of a
 * `register()` call. Apart from `ToolRegistry`, which holds the tools and runs calls.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ToolManifest } from '../manifest/types';
import type { PipeSettings } from '../validation/pipeOptions';
import { bindTool } from './bindTool';
import { checkNoVanishedTools, definitionFromManifest } from './definitionFromManifest';
import { definitionFromMetadata } from './definitionFromMetadata';
import { methodLabel } from './describeTarget';
import { readMethodFacts } from './readMethodFacts';
import type { BoundTool } from './ToolDefinition';

/** Binds every `@Tool` method of `instance`; throws a `ToolDefinitionError` on a definition mistake. */
export function bindInstance(
  instance: object,
  manifest: ToolManifest | undefined,
  pipe: PipeSettings,
): BoundTool[] {
  if (instance === null || typeof instance !== 'object') {
    throw new ToolDefinitionError(
      `register() takes class instances, got ${instance === null ? 'null' : typeof instance}`,
    );
  }
  const facts = readMethodFacts(instance);
  const bound = facts.map((f) =>
    bindTool(
      manifest
        ? definitionFromManifest(f, manifest)
        : definitionFromMetadata(f, { implicitConversion: pipe.implicitConversion }),
      f,
      instance,
      pipe,
    ),
  );
  const className = (Object.getPrototypeOf(instance) as object).constructor.name;
  if (manifest)
    checkNoVanishedTools(
      className,
      bound.map((t) => t.definition.name),
      manifest,
    );
  return bound;
}

/**
 * Throws when a new tool's name is taken: by a registered tool (`registered`), one added
 * earlier in this `register()` call (`added`), or a sibling in `bound`.
 */
export function checkDuplicateNames(
  registered: ReadonlyMap<string, BoundTool>,
  bound: readonly BoundTool[],
  added: readonly BoundTool[],
): void {
  const seen = new Map<string, BoundTool>(added.map((tool) => [tool.definition.name, tool]));
  for (const tool of bound) {
    const earlier = registered.get(tool.definition.name) ?? seen.get(tool.definition.name);
    if (earlier) {
      const a = earlier.definition.target;
      const b = tool.definition.target;
      throw new ToolDefinitionError(
        `Duplicate tool name "${tool.definition.name}": ${methodLabel(a.class, a.method)} and ${methodLabel(b.class, b.method)}; ` +
          `give one of them @Tool({ name: '...' })`,
      );
    }
    seen.set(tool.definition.name, tool);
  }
}
