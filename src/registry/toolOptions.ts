/** Splits `@Tool()` options into what a definition carries as `options` (name, description and examples live beside). */
import type { ManifestToolOptions } from '../manifest/types';
import type { ToolOptions } from '../metadata/types';

/** The options of a definition: everything but `name`, `description` and `examples`, undefined dropped. */
export function toolOptionsOf(options: ToolOptions): ManifestToolOptions {
  const { name: _name, description: _description, examples: _examples, ...rest } = options;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}
