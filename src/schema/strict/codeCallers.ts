/**
 * Which tools code calls (programmatic tool calling): `@Tool({ callableFromCode: true })`, or a
 * definition whose `allowed_callers` names a code execution tool. Low, beside the strict rule,
 * which needs it (the Messages API takes no strict tool from code), and read by the wire too.
 */

/** Whether a `caller` or `allowed_callers` entry names a code execution tool. */
export const isCodeExecution = (type: unknown): boolean =>
  typeof type === 'string' && type.startsWith('code_execution_');

/** Whether `allowed_callers` lets code call the tool. */
export const allowsCode = (callers: unknown): boolean =>
  Array.isArray(callers) && callers.some(isCodeExecution);

/** A tool's options as far as the rule reads them. */
export interface CodeCallerOptions {
  callableFromCode?: unknown;
  anthropic?: { allowed_callers?: unknown };
}

/** Whether code may call a tool with these options. */
export const calledFromCode = (options: CodeCallerOptions | undefined): boolean =>
  options?.callableFromCode === true || allowsCode(options?.anthropic?.allowed_callers);
