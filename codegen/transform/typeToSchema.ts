/**
 * The reusable entry of the transform: one checker type to a self-contained JSON Schema (its
 * recursive definitions in `$defs`). Parameters, `@Params` DTOs and return types all go through
 * it; `direction: 'output'` describes what a method returns rather than what the model sends.
 */
import type { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { SchemaBuilder } from './SchemaBuilder';
import type { SchemaContext } from './SchemaContext';

/**
 * The schema of `type` (annotated in source by `typeNode`, when there is one), with its own
 * `$defs`. Problems go to `context.report`.
 * @example
 * const output = typeToSchema(checker.getReturnTypeOfSignature(signature), { ...context, direction: 'output' });
 */
export function typeToSchema(
  type: ts.Type,
  context: SchemaContext,
  typeNode?: ts.TypeNode,
  path = '',
): JsonSchema {
  const builder = new SchemaBuilder(context);
  const schema = builder.schemaOf(type, path, typeNode);
  const $defs = builder.definitions();
  return $defs ? { ...schema, $defs } : schema;
}
