/**
 * Splits `@Tool()` options into what a definition carries as `options` (name, description and
 * examples live beside), once they pass the options rule (`toolOptionProblems`).
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ManifestToolOptions } from '../manifest/types';
import { toolOptionProblems } from '../metadata/toolOptionProblems';
import type { ToolOptions } from '../metadata/types';

/**
 * The options of a definition: everything but `name`, `description` and `examples`, undefined
 * dropped. An unknown option (a misspelling, or an API field outside `anthropic`) is a
 * `ToolDefinitionError` naming the method `where` and the closest known option.
 */
export function toolOptionsOf(options: ToolOptions, where: string): ManifestToolOptions {
  const problems = toolOptionProblems(options as Readonly<Record<string, unknown>>);
  if (problems.length > 0) {
    throw new ToolDefinitionError(
      `${where} @Tool(): ${problems.map((problem) => problem.message).join('; ')}`,
    );
  }
  const { name: _name, description: _description, examples: _examples, ...rest } = options;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}
