/**
 * Turns the string values of XML parameters into the JSON values the tool's schema asks for
 * (`<b>7.5</b>` → 7.5, `true` → true, JSON or nested elements → arrays and objects) before
 * the registry validates them. A value that does not fit is left as written, so the registry
 * answers with its usual clear `path: message` error.
 */
import type { JsonSchema, JsonSchemaType } from '../../schema/JsonSchema';
import type { XmlElement } from './parseXmlFragment';
import { childElements, stringValueOf } from './parseXmlFragment';
import { allowedTypes, resolveRef } from './schemaShape';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const MAX_DEPTH = 64;

/**
 * The input object of one invoke, each parameter coerced by its property schema.
 * @example
 * const input = coerceParameters(invoke.parameters, tool.inputSchema);
 */
export function coerceParameters(
  parameters: ReadonlyMap<string, readonly XmlElement[]>,
  schema: JsonSchema | undefined,
): Record<string, unknown> {
  const root = schema ?? {};
  return objectFromGroups(parameters, root, root, 0);
}

function objectFromGroups(
  groups: ReadonlyMap<string, readonly XmlElement[]>,
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
): Record<string, unknown> {
  const resolved = resolveRef(schema, root);
  const input: Record<string, unknown> = {};
  for (const [name, elements] of groups) {
    const property = propertySchema(resolved, name);
    setOwn(input, name, coerceGroup(elements, property, root, depth + 1));
  }
  return input;
}

function propertySchema(schema: JsonSchema, name: string): JsonSchema | undefined {
  if (schema.properties && Object.hasOwn(schema.properties, name)) return schema.properties[name];
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** A name written once is one value; written several times, the items of an array. */
function coerceGroup(
  elements: readonly XmlElement[],
  schema: JsonSchema | undefined,
  root: JsonSchema,
  depth: number,
): unknown {
  if (elements.length === 1) return coerceElement(elements[0], schema, root, depth);
  const items = schema ? itemSchema(resolveRef(schema, root), root) : undefined;
  return elements.map((element) => coerceElement(element, items, root, depth + 1));
}

function itemSchema(schema: JsonSchema, root: JsonSchema, index?: number): JsonSchema | undefined {
  const resolved = resolveRef(schema, root);
  if (index !== undefined && resolved.prefixItems && index < resolved.prefixItems.length) {
    return resolved.prefixItems[index];
  }
  return typeof resolved.items === 'object' ? resolved.items : undefined;
}

/** One element's value by schema. Exported for tests and for the XML dialect's partial inputs. */
export function coerceElement(
  element: XmlElement,
  schema: JsonSchema | undefined,
  root: JsonSchema,
  depth = 0,
): unknown {
  const types = new Set<JsonSchemaType>(allowedTypes(schema, root));
  const children = childElements(element);
  if (depth > MAX_DEPTH) return stringValueOf(element);
  if (children.length && (types.has('array') || types.has('object') || !types.size)) {
    return fromChildren(children, schema, types, root, depth);
  }
  return fromText(stringValueOf(element), types);
}

function fromChildren(
  children: XmlElement[],
  schema: JsonSchema | undefined,
  types: Set<JsonSchemaType>,
  root: JsonSchema,
  depth: number,
): unknown {
  const names = new Set(children.map((child) => child.name));
  const asArray =
    types.has('array') && (!types.has('object') || (names.size === 1 && children.length > 1));
  if (asArray) {
    return children.map((child, index) =>
      coerceElement(child, schema ? itemSchema(schema, root, index) : undefined, root, depth + 1),
    );
  }
  if (!types.size && names.size === 1 && children.length > 1) {
    return children.map((child) => coerceElement(child, undefined, root, depth + 1));
  }
  const groups = new Map<string, XmlElement[]>();
  for (const child of children) groups.set(child.name, [...(groups.get(child.name) ?? []), child]);
  return objectFromGroups(groups, schema ?? {}, root, depth);
}

function fromText(text: string, types: Set<JsonSchemaType>): unknown {
  const trimmed = text.trim();
  if (!types.size) return parseJson(trimmed, ['[', '{']) ?? trimLayout(text);
  if (types.has('null') && (trimmed === 'null' || (trimmed === '' && !types.has('string'))))
    return null;
  if (types.has('boolean') && /^(true|false)$/i.test(trimmed))
    return trimmed.toLowerCase() === 'true';
  if ((types.has('integer') || types.has('number')) && NUMBER.test(trimmed)) {
    const value = Number(trimmed);
    if (Number.isFinite(value)) return value;
  }
  if (types.has('array')) {
    const value = parseJson(trimmed, ['[']);
    if (Array.isArray(value)) return value;
    if (trimmed === '' && !types.has('string')) return [];
  }
  if (types.has('object')) {
    const value = parseJson(trimmed, ['{']);
    if (value !== undefined && value !== null && !Array.isArray(value)) return value;
    if (trimmed === '' && !types.has('string')) return {};
  }
  if (types.has('string')) return trimLayout(text);
  return parseJson(trimmed, ['[', '{', '"']) ?? trimmed;
}

/** Parses JSON text that starts with one of `starts`; undefined when it is not JSON. */
function parseJson(text: string, starts: readonly string[]): unknown {
  if (!starts.some((start) => text.startsWith(start))) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Drops the layout newline after the opening and before the closing tag, nothing else. */
function trimLayout(text: string): string {
  return text.replace(/^\r?\n/, '').replace(/\r?\n[ \t]*$/, '');
}

/** Sets an own property, even `__proto__`, so the registry's guard sees and rejects it. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
