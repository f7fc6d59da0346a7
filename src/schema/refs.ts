/**
 * What a `$ref` may name, in one place: `#/$defs/<name>` of the tool's own schema (JSON-pointer
 * escapes `~1` and `~0` undone), the only form toolwright emits and its schema gate accepts
 * (any other form is refused at registration, `validation/schemaKeywords.ts`). The gate, the
 * defaults, the strict projections and the legacy prompt's renderer all resolve through here.
 */
import type { JsonSchema } from './JsonSchema';

/** A tool schema's `$defs`, by name. */
export type SchemaDefs = Record<string, JsonSchema>;

/** How many `$ref`s in a row are followed before giving up (a `$defs` entry that is only a `$ref`). */
const MAX_REF_HOPS = 32;

/**
 * The `$defs` name a `$ref` points to, or undefined for any other form.
 * @example
 * refName('#/$defs/Address'); // 'Address'
 */
export function refName(ref: string): string | undefined {
  const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
  return match?.[1].replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The `$defs` entry a `$ref` names, if the schema has it. */
export function refTarget(ref: string, defs: SchemaDefs): JsonSchema | undefined {
  const name = refName(ref);
  return name !== undefined && Object.hasOwn(defs, name) ? defs[name] : undefined;
}

/** Follows `$ref`s to the node they stand for; a `$ref` that resolves nowhere is returned as it is. */
export function resolveRefs(schema: JsonSchema, defs: SchemaDefs): JsonSchema {
  let node = schema;
  for (let hop = 0; hop < MAX_REF_HOPS && typeof node.$ref === 'string'; hop++) {
    const target = refTarget(node.$ref, defs);
    if (!target) return node;
    node = target;
  }
  return node;
}
