/**
 * What the index holds of one tool: its name (three times, the strongest evidence), its
 * description, each parameter's name, description and allowed values (nested objects' too),
 * and the JSDoc tags codegen passes (`@remarks`, `@see`, `@keywords` synonyms, ...). One rule
 * for codegen's index and for the index an agent builds from its registry at run time.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import type { ToolDescriptor } from '../manifest/types';
import { analyzeText } from './analyzeText';
import type { ToolIndexEntry } from './ToolIndexFile';

/** How many times the name's words count. */
const NAME_WEIGHT = 3;
/** How deep nested parameter objects are read. */
const MAX_DEPTH = 3;

function schemaText(name: string, schema: JsonSchema | undefined, depth: number): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const parts = [name, schema.description ?? ''];
  if (Array.isArray(schema.enum)) parts.push(schema.enum.map(String).join(' '));
  if (depth < MAX_DEPTH) {
    const properties = (schema as { properties?: Record<string, JsonSchema> }).properties ?? {};
    for (const [key, value] of Object.entries(properties)) {
      parts.push(...schemaText(key, value, depth + 1));
    }
    const items = (schema as { items?: JsonSchema }).items;
    if (items && typeof items === 'object') parts.push(...schemaText('', items, depth + 1));
  }
  return parts;
}

/**
 * The index entry of a tool; `tags` are the JSDoc tag texts beyond what the description holds.
 * @example
 * toolTerms({ name: 'cancel_order', description: 'Cancels an order.', inputSchema }).terms;
 */
export function toolTerms(tool: ToolDescriptor, tags: readonly string[] = []): ToolIndexEntry {
  const name = analyzeText(tool.name);
  const rest = analyzeText(
    [
      tool.description,
      ...Object.entries(tool.inputSchema.properties ?? {}).flatMap(([key, schema]) =>
        schemaText(key, schema as JsonSchema, 1),
      ),
      ...tags,
    ].join('\n'),
  );
  const weighted = Array.from({ length: NAME_WEIGHT }, () => name).flat();
  return { name: tool.name, terms: [...weighted, ...rest].join(' ') };
}
