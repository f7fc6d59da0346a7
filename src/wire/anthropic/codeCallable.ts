/**
 * Programmatic tool calling on the tool definition: a tool marked `@Tool({ callableFromCode:
 * true })` is sent with `allowed_callers` naming the code execution tool, so the model calls it
 * from the code it runs rather than directly, and its description says what it returns (from
 * the output schema), so that code can parse the result. Apart from the renderer so the agent
 * reads the same rule (which definitions need the code execution tool).
 */
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { ToolDescriptor } from '../../manifest/types';
import { compactType } from '../../schema/compactType';
import { allowsCode } from '../../schema/strict/codeCallers';

/** The code execution tool version programmatic tool calling uses. */
export const CODE_EXECUTION_TYPE = 'code_execution_20260120';

/** The longest return type said in a description, in characters. */
const MAX_RETURN_TYPE = 600;

/** Whether a definition may be called from code (`allowed_callers` names code execution). */
export const callableFromCode = (definition: { allowed_callers?: unknown }): boolean =>
  allowsCode(definition.allowed_callers);

/**
 * The line a code-callable tool's description ends with: its result's type, as code reads it (a
 * string return is the text itself; any other value is JSON). Empty without an output schema.
 * @example
 * returnsLine({ type: 'object', properties: { total: { type: 'number' } } }); // 'Returns JSON: { total?: number }'
 */
export function returnsLine(schema: ToolDescriptor['outputSchema']): string {
  if (!schema) return '';
  if (schema.type === 'string' && !schema.enum && schema.const === undefined) {
    return 'Returns plain text (a string).';
  }
  return `Returns JSON: ${compactType(schema, MAX_RETURN_TYPE)}`;
}

/**
 * Makes `definition` callable from code when the tool asks for it: `allowed_callers` (unless the
 * tool's `anthropic` fields set it), and the return type appended to the description of any tool
 * code may call. (Such a tool goes without `strict`: the strict rule, `strictProjectionOf`.)
 */
export function applyCallableFromCode(definition: AnthropicTool, tool: ToolDescriptor): void {
  if (tool.options?.callableFromCode && !definition.allowed_callers) {
    definition.allowed_callers = [CODE_EXECUTION_TYPE];
  }
  if (!callableFromCode(definition)) return;
  const returns = returnsLine(tool.outputSchema);
  if (returns) {
    definition.description = definition.description
      ? `${definition.description}\n\n${returns}`
      : returns;
  }
}
