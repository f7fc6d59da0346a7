/**
 * The dispatch half of a call: builds the positional arguments (named properties, the DTO
 * instance, the context), runs the method under the call's signal and time limit, and turns
 * whatever happens into a `ToolOutcome`. A call with neither a signal nor a time limit takes
 * a direct path: nothing can interrupt it, so nothing is raced; with a signal only, a tool that
 * settles at once is answered without listening to the signal.
 */
import { randomUUID } from 'node:crypto';
import { isToolContent } from '../content/toolContent';
import { textOf } from '../content/withText';
import { ToolError } from '../errors/ToolError';
import type { PreparedInput } from '../validation/prepareInput';
import { abortedText, thrownText, timedOutText } from '../calls/modelText';
import type { BoundTool } from './ToolDefinition';
import type { CallOptions, ToolCallContext } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { shapeResult } from '../shaping/shapeResult';
import type { WarnDropped } from '../shaping/warnDropped';

/** Options of one dispatch: the caller's, and whether a crash is thrown rather than answered. */
export interface InvokeOptions extends CallOptions {
  /**
   * A method that throws anything but a `ToolError` makes the call reject with an `Error` whose
   * message is the text the model would get (a job worker rethrows it, so the queue retries).
   */
  throwCrashes?: boolean;
}

/** What the registry gives every dispatch: how long an error may be, and where shaping warns. */
export interface InvokeSettings {
  maxErrorLength: number;
  warnDropped: WarnDropped;
}

/** Turns a method's return value into the content the model sees. */
export function renderResult(value: unknown): string | ToolOutcome['content'] {
  if (isToolContent(value)) return value.blocks;
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  const text = textOf(value);
  if (text !== undefined) return text;
  return JSON.stringify(value);
}

function argumentsFor(
  tool: BoundTool,
  prepared: PreparedInput,
  context: () => ToolCallContext,
): unknown[] {
  const args: unknown[] = [];
  for (const param of tool.params) {
    args[param.index] =
      param.kind === 'context'
        ? context()
        : param.kind === 'spread'
          ? prepared.instance
          : prepared.instance[param.name];
  }
  return args;
}

const ignoreProgress = (): void => undefined;

/** `ctx.progress` for a listener: plain numbers only, and a listener that throws is ignored. */
function progressReporter(
  listener: NonNullable<CallOptions['onProgress']>,
): ToolCallContext['progress'] {
  return (done, total, message) => {
    if (typeof done !== 'number' || !Number.isFinite(done)) return;
    try {
      listener({
        progress: done,
        ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
        ...(typeof message === 'string' ? { message } : {}),
      });
    } catch {
      // A listener's failure must not fail the tool.
    }
  };
}

function contextOf(
  tool: BoundTool,
  options: CallOptions,
  signal: () => AbortSignal,
): ToolCallContext {
  const onProgress = options.onProgress;
  const toolUseId = options.toolUseId ?? `call_${randomUUID()}`;
  const context = {
    toolUseId,
    idempotencyKey: options.idempotencyKey ?? toolUseId,
    toolName: tool.definition.name,
    state: options.state,
    ...(options.caller ? { caller: options.caller } : {}),
    progress: onProgress ? progressReporter(onProgress) : ignoreProgress,
  } as ToolCallContext;
  return Object.defineProperty(context, 'signal', { get: signal, enumerable: true });
}

/** Where `runMethod` leaves its outcome, so a caller can see it settled without awaiting it. */
interface Settled {
  outcome?: ToolOutcome;
}

async function runMethod(
  tool: BoundTool,
  prepared: PreparedInput,
  context: () => ToolCallContext,
  settings: InvokeSettings,
  options: InvokeOptions,
  settled: Settled = {},
): Promise<ToolOutcome> {
  try {
    const returned = await tool.method.apply(tool.instance, argumentsFor(tool, prepared, context));
    const { value, dropped } = shapeResult(returned, tool.definition.outputSchema);
    settings.warnDropped(tool.definition.name, dropped);
    const outcome: ToolOutcome = { content: renderResult(value), isError: false };
    if (options.returnValue) outcome.value = value;
    return (settled.outcome = outcome);
  } catch (error) {
    const content = thrownText(tool.definition.name, error, settings.maxErrorLength);
    if (options.throwCrashes && !(error instanceof ToolError)) throw new Error(content);
    return (settled.outcome = { content, isError: true });
  }
}

/**
 * The method's outcome, or the aborted text as soon as `signal` fires. Most tools settle within
 * a microtask or two (a synchronous method, an async one with nothing to wait for): those are
 * answered without an abort listener, which costs more than the rest of a call; a tool still
 * running after that is raced against the signal.
 */
async function untilSettledOrAborted(
  name: string,
  running: Promise<ToolOutcome>,
  settled: Settled,
  signal: AbortSignal,
): Promise<ToolOutcome> {
  await undefined;
  if (settled.outcome) return settled.outcome;
  if (signal.aborted) return { content: abortedText(name), isError: true };
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<ToolOutcome>((resolve) => {
    onAbort = () => resolve({ content: abortedText(name), isError: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([aborted, running]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

/** A call under a time limit: the tool's own signal aborts at the limit or with the caller's. */
async function runLimited(
  tool: BoundTool,
  prepared: PreparedInput,
  options: InvokeOptions,
  settings: InvokeSettings,
  timeoutMs: number,
): Promise<ToolOutcome> {
  const name = tool.definition.name;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<ToolOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(timedOutText(name, timeoutMs)));
      resolve({ content: timedOutText(name, timeoutMs), isError: true });
    }, timeoutMs);
    onAbort = () => {
      controller.abort(options.signal?.reason);
      resolve({ content: abortedText(name), isError: true });
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const context = () => contextOf(tool, options, () => controller.signal);
  try {
    return await Promise.race([interrupted, runMethod(tool, prepared, context, settings, options)]);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs the method and shapes its result to the tool's declared output (`shapeResult`); never
 * throws, unless `throwCrashes` asks a crash to be thrown.
 */
export function invokeTool(
  tool: BoundTool,
  prepared: PreparedInput,
  options: InvokeOptions,
  settings: InvokeSettings,
): Promise<ToolOutcome> {
  const name = tool.definition.name;
  const signal = options.signal;
  if (signal?.aborted) return Promise.resolve({ content: abortedText(name), isError: true });
  const timeoutMs = options.timeoutMs ?? tool.definition.options?.timeoutMs;
  if (timeoutMs !== undefined && timeoutMs > 0)
    return runLimited(tool, prepared, options, settings, timeoutMs);
  // No time limit: the tool's signal is the caller's own (a quiet one when there is none).
  let quiet: AbortController | undefined;
  const signalOf = signal ? () => signal : () => (quiet ??= new AbortController()).signal;
  const context = () => contextOf(tool, options, signalOf);
  const settled: Settled = {};
  const running = runMethod(tool, prepared, context, settings, options, settled);
  return signal ? untilSettledOrAborted(name, running, settled, signal) : running;
}
