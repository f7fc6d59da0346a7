/**
 * A tool's output schema, from its method's return type: `Promise<T>` is unwrapped to `T`, and
 * `void`, `undefined`, `never`, untyped (`any`/`unknown`) and `toolContent()` results have none.
 * Through `typeToSchema` in the output direction, so the output's `$defs` stay apart from the input's. A declared return
 * type JSON cannot carry is a warning (TW207), not an error: the tool works, it just says less.
 */
import { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import type { DecoratorResolver } from '../collect/decoratorOrigin';
import type { JsDoc } from '../collect/readJsDoc';
import type { SchemaCache } from './SchemaCache';
import type { DiagnosticCode } from '../diagnostics';
import { typeToSchema } from './typeToSchema';

/** What deriving the output schema needs. */
export interface OutputContext {
  checker: ts.TypeChecker;
  resolver: DecoratorResolver;
  doc: JsDoc;
  /** Reports at the method's name. */
  report: (code: DiagnosticCode, message: string) => void;
  label: string;
  /** Schemas shared by the tools of one file. */
  cache?: SchemaCache;
}

/** The flags of types without a value (read at each call: a plugin's host compiler has its own). */
const noValueFlags = (): number =>
  ts.TypeFlags.Void |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Never |
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown;

/** True when the (awaited) return type says nothing a schema could describe. */
function hasNoValue(type: ts.Type): boolean {
  if (type.flags & noValueFlags()) return true;
  if (type.getSymbol()?.getName() === 'ToolContentResult') return true;
  if (type.flags & ts.TypeFlags.Union) {
    const members = (type as ts.UnionType).types;
    return members.some((t) => t.getSymbol()?.getName() === 'ToolContentResult');
  }
  return false;
}

/**
 * Whether awaiting `type` can change it: a union, intersection or type variable, or a type with a
 * `then`. Most return types are plain objects, which the checker would otherwise await one by one.
 */
function mayBeThenable(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.UnionOrIntersection | ts.TypeFlags.Instantiable)) return true;
  return !!(type.flags & ts.TypeFlags.Object) && !!type.getProperty('then');
}

/** The `@returns` text, used as the schema's description. */
function returnsText(doc: JsDoc): string | undefined {
  return doc.tags.find((t) => t.name === 'returns' || t.name === 'return')?.text || undefined;
}

/**
 * The JSON Schema of what `method` returns, or undefined when it returns nothing describable.
 * @example
 * const outputSchema = outputSchemaOf(found.method, { checker, resolver, doc, report, label });
 */
export function outputSchemaOf(
  method: ts.MethodDeclaration,
  context: OutputContext,
): JsonSchema | undefined {
  const { checker } = context;
  const signature = checker.getSignatureFromDeclaration(method);
  if (!signature) return undefined;
  const declared = checker.getReturnTypeOfSignature(signature);
  const type = mayBeThenable(declared) ? (checker.getAwaitedType(declared) ?? declared) : declared;
  if (hasNoValue(type)) return undefined;
  const problems: string[] = [];
  const typeNode = method.type && !isPromiseNode(method.type) ? method.type : undefined;
  const built = typeToSchema(
    type,
    {
      checker,
      resolver: context.resolver,
      direction: 'output',
      ...(context.cache && { cache: context.cache }),
      report: (code, message) => {
        if (code.startsWith('TW1')) problems.push(message);
      },
    },
    typeNode,
  );
  if (problems.length) {
    // Only a declared return type is a promise worth a warning; an inferred one just goes untyped.
    if (!method.type) return undefined;
    context.report(
      'TW207',
      `${context.label}: its return type cannot be described as JSON (${problems[0]}); the tool has no output schema`,
    );
    return undefined;
  }
  const description = returnsText(context.doc);
  if (!description || built.$ref) return built;
  const { $defs, ...schema } = built;
  return { ...schema, description, ...($defs ? { $defs } : {}) };
}

function isPromiseNode(node: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Promise';
}
