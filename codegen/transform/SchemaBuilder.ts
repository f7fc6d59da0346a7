/**
 * Turns checker types into JSON Schema: primitives, literal unions and enums, arrays (and
 * interfaces extending `Array`), tuples, unions, intersections, built-ins, objects (through
 * `objectSchema`), and recursion through `$defs`/`$ref`. One builder per tool, so each tool's
 * `inputSchema` carries its own `$defs`. Type-level JSDoc (`typeDocKeywords`), what annotations
 * write (`typeAnnotation`), `$defs` names (`DefNames`) and literal values have their own files.
 * What stays (~320 lines) is one concept, the dispatch on a type's flags and the recursion state
 * it shares (defs in progress, depth, cache dependencies); splitting it would spread that state.
 */
import { ts } from '../typescript';
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import type { DiagnosticCode } from '../diagnostics';
import { builtinSchema, isRefusal } from './builtinSchema';
import { DefNames } from './DefNames';
import { withDocKeywords } from './docKeywords';
import { enumOf, enumSchema } from './enumSchema';
import { literalValue, literalValues } from './literalValues';
import { objectSchema } from './objectSchema';
import { orderUnionMembers } from './sourceOrder';
import { templatePattern } from './templatePattern';
import { elementNode } from './typeAnnotation';
import { aliasKeywords, recordKeyKeywords, withTypeDoc } from './typeDocKeywords';
import { withNull } from '../../src/schema/nullable';
import type { SchemaContext } from './SchemaContext';
import type { SchemaSource } from './SchemaSource';

const MAX_DEPTH = 48;
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const where = (path: string): string => (path ? ` (at ${path})` : '');

/** Builds the schemas of one tool and collects the definitions they share. */
export class SchemaBuilder implements SchemaSource {
  private readonly defs = new Map<ts.Type, { name: string; schema?: JsonSchema }>();
  private readonly inProgress = new Set<ts.Type>();
  private readonly names: DefNames;
  private depth = 0;
  /** `$ref`s handed out and problems reported so far: a schema built with either stays uncached. */
  private dependencies = 0;
  readonly context: SchemaContext;

  constructor(context: SchemaContext) {
    this.names = new DefNames(context.checker);
    const counted =
      <A extends unknown[]>(report: (...args: A) => void) =>
      (...args: A) => {
        this.dependencies++;
        report(...args);
      };
    this.context = {
      ...context,
      report: counted(context.report),
      ...(context.reportAt && { reportAt: counted(context.reportAt) }),
    };
  }

  /** The recursive definitions met so far, for the tool's `$defs`. */
  definitions(): Record<string, JsonSchema> | undefined {
    if (!this.defs.size) return undefined;
    const out: Record<string, JsonSchema> = {};
    for (const { name, schema } of this.defs.values()) out[name] = schema ?? {};
    return out;
  }

  /**
   * The schema of `type`; `typeNode` is its annotation in source (for member order, and for the
   * JSDoc of the type aliases it names, which the checker does not keep on primitive types).
   */
  schemaOf(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const schema = this.typeSchema(type, path, typeNode);
    const documented = typeNode ? aliasKeywords(this, typeNode, type, schema) : undefined;
    return documented ? withDocKeywords(schema, documented) : schema;
  }

  /** Reports at `node` when the context can, else at the place being described. */
  reportAt(node: ts.Node | undefined, code: DiagnosticCode, message: string): void {
    if (node && this.context.reportAt) this.context.reportAt(node, code, message);
    else this.context.report(code, message);
  }

  private typeSchema(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const known = this.defs.get(type);
    if (known) {
      this.dependencies++;
      return ref(known.name);
    }
    if (this.inProgress.has(type)) {
      this.dependencies++;
      const name = this.names.nameOf(type);
      this.defs.set(type, { name });
      return ref(name);
    }
    if (this.depth > MAX_DEPTH) {
      this.context.report(
        'TW111',
        `the type nests too deeply to describe${where(path)}; simplify it`,
      );
      return {};
    }
    const composite = !!(
      type.flags &
      (ts.TypeFlags.Object | ts.TypeFlags.Union | ts.TypeFlags.Intersection)
    );
    if (!composite) return this.describe(type, path, typeNode);
    const { cache } = this.context;
    const direction = this.context.direction ?? 'input';
    const cached = cache?.get(type, direction, typeNode);
    if (cached) return cached;
    const before = this.dependencies;
    this.inProgress.add(type);
    this.depth++;
    let schema: JsonSchema;
    try {
      schema = withTypeDoc(this, type, this.describe(type, path, typeNode));
    } finally {
      this.inProgress.delete(type);
      this.depth--;
    }
    const def = this.defs.get(type);
    if (!def) {
      if (cache && this.dependencies === before) cache.set(type, direction, typeNode, schema);
      return schema;
    }
    def.schema = schema;
    return ref(def.name);
  }

  private describe(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const { report } = this.context;
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any) {
      // A type TypeScript could not resolve is its error type (an any): TW113 reports the cause,
      // in tsc's words, so it is not also "any" here.
      if (isErrorType(type)) return {};
      report(
        'TW201',
        `the type is any${where(path)}; it accepts everything (schema {}); give it a type`,
      );
      return {};
    }
    if (flags & ts.TypeFlags.Unknown) {
      report(
        'TW201',
        `the type is unknown${where(path)}; it accepts everything (schema {}); give it a type`,
      );
      return {};
    }
    if (flags & (ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined)) {
      report(
        'TW105',
        `${this.text(type)} has no JSON value${where(path)}; use a concrete type or make the property optional`,
      );
      return {};
    }
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.BigIntLike) {
      report(
        'TW102',
        `bigint cannot be sent as JSON${where(path)}; use number or a numeric string`,
      );
      return {};
    }
    if (flags & ts.TypeFlags.ESSymbolLike) {
      report('TW103', `symbol cannot be sent as JSON${where(path)}; use a string`);
      return {};
    }
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Object && type.symbol && type.symbol.flags & ts.SymbolFlags.Enum) {
      const name = type.symbol.getName();
      report(
        'TW215',
        `typeof ${name} is the enum object (its members by name)${where(path)}, described as such; for one of its values write ${name}, for a member's name keyof typeof ${name}`,
      );
      return this.objectLikeSchema(type as ts.ObjectType, path, typeNode);
    }
    const enumerated = enumSchema(type, this.context.checker);
    if (enumerated) return enumerated;
    const literal = literalValue(type);
    if (literal !== undefined) return enumOf([literal]);
    if (flags & ts.TypeFlags.TemplateLiteral)
      return { type: 'string', pattern: templatePattern(type) };
    if (flags & ts.TypeFlags.StringLike) return { type: 'string' };
    if (flags & ts.TypeFlags.NumberLike) return { type: 'number' };
    if (flags & ts.TypeFlags.Union) return this.unionSchema(type as ts.UnionType, path, typeNode);
    if (flags & ts.TypeFlags.Intersection)
      return this.intersectionSchema(type as ts.IntersectionType, path);
    if (flags & ts.TypeFlags.NonPrimitive) return { type: 'object' };
    if (flags & ts.TypeFlags.TypeParameter) {
      const constraint = this.context.checker.getBaseConstraintOfType(type);
      if (constraint && constraint !== type) return this.schemaOf(constraint, path);
      report(
        'TW201',
        `the type parameter ${this.text(type)} is unconstrained${where(path)}; schema {}`,
      );
      return {};
    }
    if (flags & ts.TypeFlags.Object)
      return this.objectLikeSchema(type as ts.ObjectType, path, typeNode);
    report(
      'TW104',
      `${this.text(type)} cannot be described as JSON${where(path)}; use a plain data type`,
    );
    return {};
  }

  private text(type: ts.Type): string {
    return this.context.checker.typeToString(type);
  }

  private unionSchema(union: ts.UnionType, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const members = orderUnionMembers(union.types, union, this.context.checker, typeNode);
    const hasNull = members.some((t) => t.flags & ts.TypeFlags.Null);
    let rest = members.filter(
      (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)),
    );
    if (!rest.length) return hasNull ? { type: 'null' } : this.describe(union.types[0]!, path);
    const literals = rest.map((member) => literalValues(member, this.context.checker));
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    if (booleans.length === 2) {
      const first = rest.indexOf(booleans[0]!);
      rest = rest.filter((t) => !booleans.includes(t));
      rest.splice(first, 0, this.context.checker.getBooleanType());
    }
    if (booleans.length !== 2 && literals.every((v) => v !== undefined)) {
      const values = [...new Set((literals as JsonValue[][]).flat())];
      const schema = enumOf(values);
      return hasNull ? withNull(schema) : schema;
    }
    const schemas = rest.map((member) => this.schemaOf(member, path));
    const merged = schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
    return hasNull ? withNull(merged) : merged;
  }

  /**
   * `A & B`: a branded primitive is the primitive; an array intersected with a tuple
   * (`string[] & [string]`) is the tuple (its length and elements are what both allow);
   * objects merge their properties.
   */
  private intersectionSchema(type: ts.IntersectionType, path: string): JsonSchema {
    const { checker } = this.context;
    const primitive = type.types.find((t) => !(t.flags & ts.TypeFlags.Object));
    if (primitive) return this.describe(primitive, path);
    const tuple = type.types.find((t) => checker.isTupleType(t));
    if (tuple) return this.tupleSchema(tuple as ts.TupleTypeReference, path);
    const array = type.types.find((t) => this.arrayElement(t) !== undefined);
    if (array) return this.schemaOf(array, path);
    return objectSchema(this, type, path);
  }

  /** The element type of an array, a readonly array, or an interface or class extending one. */
  private arrayElement(type: ts.Type, depth = 0): ts.Type | undefined {
    const { checker } = this.context;
    if (checker.isArrayType(type)) return checker.getTypeArguments(type as ts.TypeReference)[0];
    const target = (type as ts.TypeReference).target ?? type;
    if (depth > 8 || !(target.flags & ts.TypeFlags.Object)) return undefined;
    if (!((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface))
      return undefined;
    const extendsArray = checker
      .getBaseTypes(target as ts.InterfaceType)
      .some((base) => this.arrayElement(base, depth + 1) !== undefined);
    return extendsArray ? checker.getIndexTypeOfType(type, ts.IndexKind.Number) : undefined;
  }

  private objectLikeSchema(type: ts.ObjectType, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const { checker, report } = this.context;
    const builtin = builtinSchema(type);
    if (builtin && isRefusal(builtin)) {
      report(
        builtin.code,
        `${this.text(type)} cannot be sent as JSON${where(path)}; ${builtin.fix}`,
      );
      return {};
    }
    if (builtin) return builtin;
    if (checker.isTupleType(type)) return this.tupleSchema(type as ts.TupleTypeReference, path);
    const element = this.arrayElement(type);
    if (element || checker.isArrayType(type)) {
      const items = element ? this.schemaOf(element, `${path}[]`, elementNode(typeNode)) : {};
      return { type: 'array', items };
    }
    if (type.getCallSignatures().length || type.getConstructSignatures().length) {
      report(
        'TW101',
        `a function type cannot be sent as JSON${where(path)}; take the data it needs instead`,
      );
      return {};
    }
    const schema = objectSchema(this, type, path);
    const keys = typeNode ? recordKeyKeywords(this, typeNode) : undefined;
    return keys && typeof schema.additionalProperties === 'object'
      ? { ...schema, propertyNames: keys }
      : schema;
  }

  private tupleSchema(type: ts.TupleTypeReference, path: string): JsonSchema {
    const target = type.target;
    const elements = this.context.checker.getTypeArguments(type);
    const prefixItems: JsonSchema[] = [];
    let rest: JsonSchema | undefined;
    elements.forEach((element, index) => {
      const schema = this.schemaOf(element, `${path}[${index}]`);
      if (target.elementFlags[index]! & ts.ElementFlags.Variable) rest = schema;
      else prefixItems.push(schema);
    });
    if (!prefixItems.length)
      return rest ? { type: 'array', items: rest } : { type: 'array', maxItems: 0 };
    const schema: JsonSchema = {
      type: 'array',
      prefixItems,
      items: rest ?? false,
      minItems: target.minLength,
    };
    if (!rest) schema.maxItems = target.fixedLength;
    return schema;
  }
}

/** TypeScript's stand-in for a type it could not resolve (an `any` named "error"). */
const isErrorType = (type: ts.Type): boolean =>
  (type as { intrinsicName?: string }).intrinsicName === 'error';
