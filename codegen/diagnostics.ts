/**
 * Codegen diagnostics: one `{ file, line, column, code, severity, message }` per problem, and
 * the table of codes. Codegen reports every problem and keeps going; the CLI decides the exit
 * code from the severities.
 */
import type { ts } from './typescript';

/** How bad a problem is: errors fail the run, warnings do not. */
export type DiagnosticSeverity = 'error' | 'warning';

/** One problem found while reading the project. `file` is absolute, `/`-separated. */
export interface CodegenDiagnostic {
  /** The source file (absolute, `/`-separated). */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** The problem's code (`TW102`, ...). */
  code: DiagnosticCode;
  /** An error fails the run; a warning is printed. */
  severity: DiagnosticSeverity;
  /** What is wrong, ending in the fix. */
  message: string;
}

/** Every diagnostic code codegen emits: TW1xx are errors, TW2xx warnings. */
export const DIAGNOSTIC_CODES = Object.freeze({
  TW101: 'a function type cannot be sent as JSON',
  TW102: 'bigint cannot be sent as JSON',
  TW103: 'symbol cannot be sent as JSON',
  TW104: 'a built-in object (Map, Set, Promise, ...) cannot be sent as JSON',
  TW105: 'never, void or undefined alone has no JSON value',
  TW106: 'a parameter of a tool has no @Param, @Params or @Ctx',
  TW107: 'two tools have the same name (in one class or in two: one registry holds both)',
  TW108: 'the tool name is not valid for the Messages API',
  TW109: '@Params() needs a class type (a DTO)',
  TW110: 'two parameters map to the same input property',
  TW111: 'the type nests too deeply to describe',
  TW112: 'a parameter carries more than one of @Param, @Params and @Ctx',
  TW113:
    'TypeScript reports an error in what a tool is described from (its signature, its types, their files)',
  TW114:
    'no value can satisfy a property’s schema (its decorators contradict each other or its type)',
  TW115:
    'a @Tool option toolwright does not know (a misspelling, or an API field outside `anthropic`), or an `anthropic` field toolwright writes itself',
  TW116:
    'the project compiles @Tool without "experimentalDecorators" (TC39 decorators), so the registry finds no tool',
  TW120: 'a class-validator decorator refuses every value the model can send for its property',
  TW121: 'an @example of a tool is not a JSON object of its input',
  TW122: "an example does not match the tool's input schema",
  TW201: 'any or unknown accepts everything',
  TW202: 'the tool has no description',
  TW204: 'a decorator argument is not a literal codegen can read',
  TW206: 'a JSDoc tag (@minimum, @pattern, ...) has a value codegen cannot read',
  TW207: 'the return type cannot be described as JSON; the tool has no output schema',
  TW208: 'a class-validator decorator has options the schema cannot say',
  TW209:
    'a tool asks for strict tool use and its schema cannot be made strict; it is sent without strict',
  TW210:
    '@ValidateIf: the property is optional in the schema and class-validator checks the condition',
  TW211: 'a custom validator the schema cannot say; class-validator checks it at run time',
  TW212: '@Transform (or another reshaping decorator): the schema says nothing of the value',
  TW213:
    'a property of a validated class class-validator does not check: no decorator of its (the whitelist refuses it), @Exclude() only, or a nested class without @ValidateNested()',
  TW214:
    "a JSDoc tag other schema generators read (@nullable, @TJS-type, ...) that toolwright doesn't",
  TW215: '`typeof` an enum is the enum object (its members by name), not one of its values',
  TW216:
    'a tool class takes constructor parameters and the project compiles without "emitDecoratorMetadata", so a container (NestJS) injects undefined',
} as const);

/** A code of the table above. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The severity a code implies. */
export const severityOf = (code: DiagnosticCode): DiagnosticSeverity =>
  code.startsWith('TW1') ? 'error' : 'warning';

/** A diagnostic located at a node's start (its name, for named declarations). */
export function diagnosticAt(
  node: ts.Node,
  code: DiagnosticCode,
  message: string,
): CodegenDiagnostic {
  const sourceFile = node.getSourceFile();
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return {
    file: sourceFile.fileName,
    line: line + 1,
    column: character + 1,
    code,
    severity: severityOf(code),
    message,
  };
}

/** Stable order for diagnostics: by file, line, column, code. */
export function compareDiagnostics(a: CodegenDiagnostic, b: CodegenDiagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
