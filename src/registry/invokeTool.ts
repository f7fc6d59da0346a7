/**
 * The dispatch half of a call: builds the positional arguments (named properties, the DTO
 * instance, the context), runs the method under the call's signal and time limit, and turns
 * whatever happens into a `ToolOutcome`.
 */
import { randomUUID } from 'node:crypto';
import { isToolContent } from '../content/toolContent';
import type { PreparedInput } from '../validation/prepareInput';
import { abortedText, thrownText, timedOutText } from './modelText';
import type { BoundTool } from './ToolDefinition';
import type { CallOptions, ToolCallContext, ToolOutcome } from './types';

/** Turns a method's return value into the content the model sees. */
export function renderResult(value: unknown): string | ToolOutcome['content'] {
  if (isToolContent(value)) return value.blocks;
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

function argumentsFor(
  tool: BoundTool,
  prepared: PreparedInput,
  context: ToolCallContext,
): unknown[] {
  const args: unknown[] = [];
  for (const param of tool.params) {
    args[param.index] =
      param.kind === 'context'
        ? context
        : param.kind === 'spread'
          ? prepared.instance
          : prepared.instance[param.name];
  }
  return args;
}

/** Runs the method; never throws. */
export async function invokeTool(
  tool: BoundTool,
  prepared: PreparedInput,
  options: CallOptions,
  maxErrorLength: number,
): Promise<ToolOutcome> {
  const name = tool.definition.name;
  const controller = new AbortController();
  const context: ToolCallContext = {
    toolUseId: options.toolUseId ?? `call_${randomUUID()}`,
    toolName: name,
    signal: controller.signal,
    state: options.state,
  };
  const timeoutMs = options.timeoutMs ?? tool.definition.options?.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<ToolOutcome>((resolve) => {
    if (timeoutMs !== undefined && timeoutMs > 0) {
      timer = setTimeout(() => {
        controller.abort(new Error(timedOutText(name, timeoutMs)));
        resolve({ content: timedOutText(name, timeoutMs), isError: true });
      }, timeoutMs);
    }
    onAbort = () => {
      controller.abort(options.signal?.reason);
      resolve({ content: abortedText(name), isError: true });
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const run = (async (): Promise<ToolOutcome> => {
    try {
      const value = await tool.method.apply(tool.instance, argumentsFor(tool, prepared, context));
      return { content: renderResult(value), isError: false };
    } catch (error) {
      return { content: thrownText(name, error, maxErrorLength), isError: true };
    }
  })();
  try {
    return await Promise.race([run, interrupted]);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
