/**
 * The schema builder as its helpers see it (`objectSchema`, `propertyKeywords`): the schema of
 * a nested type, and where to report. An interface below both, so the helpers depend on this
 * contract rather than on the `SchemaBuilder` class that calls them (no import cycle).
 */
import type { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import type { DiagnosticCode } from '../diagnostics';
import type { SchemaContext } from './SchemaContext';

/** What a helper may ask of the builder that called it. */
export interface SchemaSource {
  readonly context: SchemaContext;
  /** The schema of a nested type (recursion through `$defs`/`$ref` included). */
  schemaOf(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema;
  /** Reports at `node` when the context can, else at the place being described. */
  reportAt(node: ts.Node | undefined, code: DiagnosticCode, message: string): void;
}
