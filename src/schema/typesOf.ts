/**
 * The JSON types a schema node names in `type`, as a list: one reading of a keyword that may be
 * a name or a list of names, shared by the gate, the strict projections and codegen.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';

/** The types `schema.type` names; empty when it names none. */
export const typesOf = (schema: JsonSchema): JsonSchemaType[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
