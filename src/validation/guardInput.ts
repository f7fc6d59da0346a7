/**
 * The first gate of every call: the input must be a plain JSON object within the size and
 * depth limits, with no `__proto__`/`constructor`/`prototype` key at any depth. Iterative on
 * purpose: it runs before anything recursive (class-transformer, class-validator) touches
 * the input, so 100,000 levels of nesting cannot overflow the stack.
 */
import type { InputLimits } from './types';
import { childPath } from './propertyPath';

/** Keys that could reach a prototype if anything downstream assigned them. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** A rejected input: the problems as `path: message`. */
export interface GuardFailure {
  ok: false;
  problems: string[];
}

/** The input as a plain object, ready for decoding and validation. */
export interface GuardSuccess {
  ok: true;
  value: Record<string, unknown>;
}

const fail = (...problems: string[]): GuardFailure => ({ ok: false, problems });

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/** Bytes of JSON text, checked before parsing. */
function checkTextSize(text: string, limits: InputLimits): string | undefined {
  const bytes = text.length > limits.maxInputBytes ? text.length : Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxInputBytes) {
    return `input: is ${bytes} bytes, over the limit of ${limits.maxInputBytes} bytes`;
  }
  return undefined;
}

/** Parses JSON text sent as raw arguments; the text must hold an object. */
export function parseJsonText(text: string, limits: InputLimits): GuardSuccess | GuardFailure {
  const tooLarge = checkTextSize(text, limits);
  if (tooLarge) return fail(tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`input: is not valid JSON (${(error as Error).message})`);
  }
  return guardValue(value, limits);
}

/** Walks a value iteratively: plain JSON data only, within limits, no forbidden keys. */
export function guardValue(value: unknown, limits: InputLimits): GuardSuccess | GuardFailure {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(`input: must be a JSON object, got ${describe(value)}`);
  }
  const problem = walk(value, limits);
  return problem ? fail(problem) : { ok: true, value: value as Record<string, unknown> };
}

interface Frame {
  value: object;
  depth: number;
  /** The container this value sits in, and its key there: the path is built only on failure. */
  parent?: Frame;
  key?: string;
  inArray?: boolean;
  /** Set on the marker pushed under a container's children: leaving it takes it off the path. */
  leave?: boolean;
}

/** A child's path: an array element by its index, a property by its name. */
const pathTo = (path: string, key: string, isArray: boolean): string =>
  childPath(path, isArray ? Number(key) : key);

const pathOf = (frame: Frame): string =>
  frame.parent ? pathTo(pathOf(frame.parent), frame.key as string, Boolean(frame.inArray)) : '';

/** A plain object, of this realm or another (vm, a test runner): its prototype is a root prototype. */
const isPlainPrototype = (proto: object | null): boolean =>
  proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;

/**
 * Keys refused at any depth: the forbidden ones, and names of `Object.prototype` members
 * (`toString`, `hasOwnProperty`, …), which class-transformer drops silently, so whitelisting
 * would never see them.
 */
const isRefusedKey = (key: string): boolean =>
  FORBIDDEN_KEYS.has(key) || Object.hasOwn(Object.prototype, key);

/** Returns the first problem found, or undefined. */
function walk(root: object, limits: InputLimits): string | undefined {
  const stack: Frame[] = [{ value: root, depth: 1 }];
  const onPath = new Set<object>();
  let bytes = 2;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { value, depth } = frame;
    if (frame.leave) {
      onPath.delete(value);
      continue;
    }
    const here = (): string => pathOf(frame) || 'input';
    if (depth > limits.maxDepth)
      return `${here()}: is nested deeper than the limit of ${limits.maxDepth} levels`;
    if (onPath.has(value)) return `${here()}: is circular, not JSON`;
    onPath.add(value);
    stack.push({ value, depth, leave: true });
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainPrototype(proto)) {
      return `${here()}: must be plain JSON data, got an instance of ${proto?.constructor?.name ?? 'a class'}`;
    }
    for (const key of Object.keys(value)) {
      const at = (): string => pathTo(pathOf(frame), key, isArray);
      if (!isArray && isRefusedKey(key)) return `${at()}: the key "${key}" is not allowed`;
      const child = (value as Record<string, unknown>)[key];
      bytes += key.length + 4;
      switch (typeof child) {
        case 'string':
          bytes += child.length + 2;
          break;
        case 'number':
          if (!Number.isFinite(child)) return `${at()}: must be a finite number`;
          bytes += 8;
          break;
        case 'boolean':
          bytes += 5;
          break;
        case 'object':
          bytes += 2;
          if (child !== null)
            stack.push({ value: child, depth: depth + 1, parent: frame, key, inArray: isArray });
          break;
        default:
          return `${at()}: ${typeof child} is not a JSON value`;
      }
      if (bytes > limits.maxInputBytes) {
        return `input: is larger than the limit of ${limits.maxInputBytes} bytes`;
      }
    }
  }
  return undefined;
}
