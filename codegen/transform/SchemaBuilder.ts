/**
 * Turns checker types into JSON Schema: primitives, literal unions and enums, arrays, tuples,
 * unions, intersections, objects (through `objectSchema`), and recursion through `$defs`/`$ref`.
 * One builder per tool, so each tool's `inputSchema` carries its own `$defs`.
 */
import { ts } from 'ts-morph';
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import type { DiagnosticCode } from '../diagnostics';
import type { DecoratorResolver } from '../collect/decoratorOrigin';
import { objectSchema } from './objectSchema';
import { orderUnionMembers } from './sourceOrder';
import { withNull } from './mergeSchema';

/** What the builder needs from the run: the checker, decorators, and where to report. */
export interface SchemaContext {
  checker: ts.TypeChecker;
  resolver: DecoratorResolver;
  /** Reports a problem at the location the caller is describing (a parameter). */
  report: (code: DiagnosticCode, message: string) => void;
}

/** Built-in object types JSON has an answer for (`Date`) or none (an error code). */
const BUILTIN_OBJECTS: Record<string, JsonSchema | DiagnosticCode> = {
  Date: { type: 'string', format: 'date-time' },
  Map: 'TW104',
  ReadonlyMap: 'TW104',
  WeakMap: 'TW104',
  Set: 'TW104',
  ReadonlySet: 'TW104',
  WeakSet: 'TW104',
  Promise: 'TW104',
  RegExp: 'TW104',
  Error: 'TW104',
  Buffer: 'TW104',
  Uint8Array: 'TW104',
  ArrayBuffer: 'TW104',
  Function: 'TW101',
};

const MAX_DEPTH = 48;
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const where = (path: string): string => (path ? ` (at ${path})` : '');

/** Builds the schemas of one tool and collects the definitions they share. */
export class SchemaBuilder {
  private readonly defs = new Map<ts.Type, { name: string; schema?: JsonSchema }>();
  private readonly inProgress = new Set<ts.Type>();
  private readonly names = new Map<ts.Type, string>();
  private readonly usedNames = new Set<string>();
  private depth = 0;

  constructor(readonly context: SchemaContext) {}

  /** The recursive definitions met so far, for the tool's `$defs`. */
  definitions(): Record<string, JsonSchema> | undefined {
    if (!this.defs.size) return undefined;
    const out: Record<string, JsonSchema> = {};
    for (const { name, schema } of this.defs.values()) out[name] = schema ?? {};
    return out;
  }

  /** The schema of `type`; `typeNode` is its annotation in source (for member order). */
  schemaOf(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const known = this.defs.get(type);
    if (known) return ref(known.name);
    if (this.inProgress.has(type)) {
      const name = this.nameOf(type);
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
    this.inProgress.add(type);
    this.depth++;
    let schema: JsonSchema;
    try {
      schema = this.describe(type, path, typeNode);
    } finally {
      this.inProgress.delete(type);
      this.depth--;
    }
    const def = this.defs.get(type);
    if (!def) return schema;
    def.schema = schema;
    return ref(def.name);
  }

  private nameOf(type: ts.Type): string {
    const existing = this.names.get(type);
    if (existing) return existing;
    const symbolName = type.aliasSymbol?.getName() ?? type.getSymbol()?.getName();
    const hasArguments =
      !!type.aliasTypeArguments?.length ||
      !!(type.flags & ts.TypeFlags.Object && (type as ts.TypeReference).typeArguments?.length);
    let base = hasArguments || !symbolName ? this.context.checker.typeToString(type) : symbolName;
    base = base.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'Type';
    if (base.startsWith('_')) base = 'Type';
    let name = base;
    for (let n = 2; this.usedNames.has(name); n++) name = `${base}${n}`;
    this.usedNames.add(name);
    this.names.set(type, name);
    return name;
  }

  private describe(type: ts.Type, path: string, typeNode?: ts.TypeNode): JsonSchema {
    const { report } = this.context;
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any) {
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
    const literal = literalValue(type);
    if (literal !== undefined) return { type: jsonTypeOf(literal), enum: [literal] };
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
    if (flags & ts.TypeFlags.Object) return this.objectLikeSchema(type as ts.ObjectType, path);
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
    const literals = rest.map(literalValue);
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    if (booleans.length === 2) {
      const first = rest.indexOf(booleans[0]!);
      rest = rest.filter((t) => !booleans.includes(t));
      rest.splice(first, 0, this.context.checker.getBooleanType());
    }
    if (booleans.length !== 2 && literals.every((v) => v !== undefined)) {
      const values = literals as JsonValue[];
      const types = [...new Set(values.map(jsonTypeOf))];
      const schema: JsonSchema = { type: types.length === 1 ? types[0] : types, enum: values };
      return hasNull ? withNull(schema) : schema;
    }
    const schemas = rest.map((member) => this.schemaOf(member, path));
    const merged = schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
    return hasNull ? withNull(merged) : merged;
  }

  private intersectionSchema(type: ts.IntersectionType, path: string): JsonSchema {
    const primitive = type.types.find((t) => !(t.flags & ts.TypeFlags.Object));
    if (primitive) return this.describe(primitive, path);
    return objectSchema(this, type, path);
  }

  private objectLikeSchema(type: ts.ObjectType, path: string): JsonSchema {
    const { checker, report } = this.context;
    const symbol = type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    const builtin =
      symbol && declaration?.getSourceFile().isDeclarationFile
        ? BUILTIN_OBJECTS[symbol.getName()]
        : undefined;
    if (typeof builtin === 'object') return { ...builtin };
    if (builtin) {
      report(
        builtin,
        `${this.text(type)} cannot be sent as JSON${where(path)}; use an array or a plain object`,
      );
      return {};
    }
    if (checker.isTupleType(type)) return this.tupleSchema(type as ts.TupleTypeReference, path);
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: element ? this.schemaOf(element, `${path}[]`) : {} };
    }
    if (type.getCallSignatures().length || type.getConstructSignatures().length) {
      report(
        'TW101',
        `a function type cannot be sent as JSON${where(path)}; take the data it needs instead`,
      );
      return {};
    }
    return objectSchema(this, type, path);
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

/** The value of a string, number or boolean literal type (enum members included). */
export function literalValue(type: ts.Type): string | number | boolean | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return (type as { intrinsicName?: string }).intrinsicName === 'true';
  return undefined;
}

const jsonTypeOf = (value: JsonValue): 'string' | 'number' | 'boolean' | 'null' =>
  value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
