/**
 * Built-in object types: those JSON carries as a string (`Date`, `URL`: what their `toJSON`
 * writes), and those it cannot carry at all, each refused with the fix to write instead.
 */
import type { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { dateTimeSchema } from '../../src/schema/formatPatterns';
import type { DiagnosticCode } from '../diagnostics';

/** A refused built-in: its code and what to take instead. */
export interface Refusal {
  code: DiagnosticCode;
  fix: string;
}

const collection = (fix: string): Refusal => ({ code: 'TW104', fix });

/** Built-in object types JSON has an answer for (a schema) or none (a refusal with its fix). */
const BUILTIN_OBJECTS: Record<string, JsonSchema | Refusal> = {
  Date: dateTimeSchema(),
  URL: { type: 'string', format: 'uri' },
  Map: collection('use Record<string, V> or an array of [key, value] pairs'),
  ReadonlyMap: collection('use Record<string, V> or an array of [key, value] pairs'),
  WeakMap: collection('use Record<string, V>'),
  Set: collection('use an array (tag the property @uniqueItems)'),
  ReadonlySet: collection('use an array (tag the property @uniqueItems)'),
  WeakSet: collection('use an array'),
  Promise: collection('take the resolved value (await it before the call) instead'),
  RegExp: collection('take the pattern as a string (tag it @format regex)'),
  Error: collection('take the message as a string'),
  Buffer: collection('take base64 text as a string'),
  Uint8Array: collection('take base64 text as a string'),
  ArrayBuffer: collection('take base64 text as a string'),
  URLSearchParams: collection('take a Record<string, string>'),
  Function: { code: 'TW101', fix: 'take the data it needs instead' },
};

/** Whether `symbol` is declared by the platform (a lib file, @types/node), not by the user. */
export function isPlatformSymbol(symbol: ts.Symbol): boolean {
  const declarations = symbol.declarations ?? [];
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      const file = declaration.getSourceFile();
      return (
        file.isDeclarationFile &&
        (file.hasNoDefaultLib || /\/node_modules\/(@types\/node|typescript)\//.test(file.fileName))
      );
    })
  );
}

/** The built-in answer for an object type: a schema, a refusal, or `undefined` (not built-in). */
export function builtinSchema(type: ts.Type): JsonSchema | Refusal | undefined {
  const symbol = type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration?.getSourceFile().isDeclarationFile) return undefined;
  const name = symbol.getName();
  const answer = Object.prototype.hasOwnProperty.call(BUILTIN_OBJECTS, name)
    ? BUILTIN_OBJECTS[name]
    : undefined;
  if (!answer) return undefined;
  return 'code' in answer && 'fix' in answer ? answer : { ...answer };
}

/** Whether `answer` refuses the type. */
export const isRefusal = (answer: JsonSchema | Refusal): answer is Refusal =>
  typeof answer.code === 'string' && typeof answer.fix === 'string';
