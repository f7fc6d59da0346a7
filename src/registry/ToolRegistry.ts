/**
 * The registry: joins decorator metadata (and the manifest, when given) into tools, renders
 * them for the Anthropic API, and runs calls through guard → decode → validate → dispatch →
 * result shaping (what the tool declares, nothing more).
 * Model mistakes never throw out of `call`; developer mistakes throw at `register`.
 */
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import { DEFAULT_MAX_ERROR_LENGTH } from '../errors/sanitizeForModel';
import { toAnthropicTools } from '../wire/anthropic/toAnthropicTools';
import type { AnthropicRenderOptions } from '../wire/anthropic/toAnthropicTools';
import { callOpenAI as runOpenAICalls } from '../wire/openai/callOpenAI';
import type { CallOpenAIOptions } from '../wire/openai/callOpenAI';
import { toOpenAITools } from '../wire/openai/toOpenAITools';
import type { OpenAIRenderOptions } from '../wire/openai/toOpenAITools';
import {
  anthropicLimitProblems,
  nonStrictMessage,
  nonStrictTools,
} from '../schema/strict/strictTools';
import type { OpenAIFunctionTool, OpenAIToolCall, OpenAIToolMessage } from '../wire/openai/types';
import { renderToolsXml } from '../wire/xml/renderToolsXml';
import type { ManifestToolOptions, ToolDescriptor } from '../manifest/types';
import { bindInstance, checkDuplicateNames } from './bindInstance';
import { decoratorMetadataWarning } from './decoratorMetadataWarning';
import { frozenSnapshot } from './frozenSnapshot';
import { prepareInput } from '../validation/prepareInput';
import { registryPipe } from './registryPipe';
import type { PipeSettings } from '../validation/pipeOptions';
import { invokeTool } from './invokeTool';
import type { InvokeSettings } from './invokeTool';
import { warnDropped } from '../shaping/warnDropped';
import { callTelemetry } from '../telemetry/CallTelemetry';
import type { ReportValidation, TraceCall } from '../telemetry/CallTelemetry';
import { invalidInputText, unknownToolText } from '../calls/modelText';
import { listedFor } from '../pipeline/listedFor';
import type { ToolCaller } from '../calls/ToolCaller';
import { toRunnableTools } from './toRunnableTools';
import type { ParsedToolInput, RunnableToolsOptions } from './toRunnableTools';
import type { BetaRunnableTool } from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import type { PreparedInput } from '../validation/prepareInput';
import type { BoundTool } from './ToolDefinition';
import type { CheckResult, RegisteredToolInfo, ToolRegistryOptions } from './types';
import type { CallOptions } from '../calls/ToolCallContext';
import type { InputLimits } from '../validation/types';
import type { ToolJobDispatcher } from '../calls/ToolJobDispatcher';
import type { ToolOutcome } from '../calls/ToolOutcome';

export type { CheckResult } from './types';

/** The default limits on what the model may send (frozen: pass `limits` to change them). */
export const DEFAULT_LIMITS: Readonly<InputLimits> = Object.freeze({
  maxInputBytes: 1024 * 1024,
  maxDepth: 64,
  maxErrorLength: DEFAULT_MAX_ERROR_LENGTH,
});

/** What `check()` proved of an input it returned: the tool it was checked for, and its arguments. */
interface CheckedInput {
  tool: BoundTool;
  prepared: PreparedInput;
}

/**
 * Holds the tools of registered service instances and runs calls against them.
 * @example
 * const registry = new ToolRegistry({ manifest }).register(new StockService());
 * const outcome = await registry.call('get_current_stock_price', { symbol: 'GM' });
 */
export class ToolRegistry {
  private readonly tools = new Map<string, BoundTool>();
  private readonly listeners = new Set<() => void>();
  private readonly limits: InputLimits;
  /** Inputs `check()` returned, by identity: a `check()` or `call()` with one of them validates nothing again. */
  private readonly checked = new WeakMap<object, CheckedInput>();

  /** Traces calls when `telemetry` is on. */
  private readonly trace: TraceCall | undefined;

  /** The `ValidationPipe` settings every tool's input is validated with. */
  private readonly pipe: PipeSettings;

  /** What every dispatch is given: the error length, and the once-per-tool shaping warning. */
  private readonly invoke: InvokeSettings;

  constructor(private readonly options: ToolRegistryOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.pipe = registryPipe(options);
    this.trace = callTelemetry(options.telemetry);
    this.invoke = {
      maxErrorLength: this.limits.maxErrorLength,
      warnDropped: warnDropped(options.logger),
    };
  }

  /** Registers every `@Tool` method of each instance; throws a `ToolwrightError` on a definition mistake. */
  register(...instances: object[]): this {
    const added: BoundTool[] = [];
    for (const instance of instances) {
      const bound = bindInstance(instance, this.options.manifest, this.pipe);
      checkDuplicateNames(this.tools, bound, added);
      added.push(...bound);
      const warning = bound.length > 0 && decoratorMetadataWarning(instance);
      if (warning) this.options.logger?.warn(warning);
    }
    for (const tool of added) this.tools.set(tool.definition.name, tool);
    this.warnNonStrict(added);
    if (added.length > 0) for (const listener of this.listeners) listener();
    return this;
  }

  /** A registered tool by name. */
  get(name: string): RegisteredToolInfo | undefined {
    const tool = this.tools.get(name);
    return tool && infoOf(tool);
  }

  /** All registered tools, in registration order. */
  list(): RegisteredToolInfo[] {
    return [...this.tools.values()].map(infoOf);
  }

  /** What the wire-format renderers take. */
  descriptors(): ToolDescriptor[] {
    return [...this.tools.values()].map(descriptorOf);
  }

  /**
   * Tool definitions as the Messages API takes them. Tools asking for strict tool use (their own
   * `strict`, else `options.strict`, else the registry's) carry their strict projection.
   */
  toAnthropic(options: AnthropicRenderOptions = {}): AnthropicTool[] {
    return toAnthropicTools(this.descriptors(), {
      ...options,
      strict: options.strict ?? this.options.strict,
    });
  }

  /** The `<tools>` section of the legacy XML prompt format (see `buildXmlSystemPrompt` for the whole prompt). */
  toXmlPrompt(): string {
    return renderToolsXml(this.descriptors());
  }

  /** Tool definitions as OpenAI function tools (strict as in `toAnthropic`). */
  toOpenAI(options: OpenAIRenderOptions = {}): OpenAIFunctionTool[] {
    return toOpenAITools(this.descriptors(), { strict: options.strict ?? this.options.strict });
  }

  /**
   * Runs an OpenAI message's `tool_calls`: one `{ role: 'tool' }` message per call, in order.
   * Never throws. Pass the `strict` given to `toOpenAI`, if any: under strict function calling a
   * `null` for an optional property means "not given". A tool marked `requiresApproval` runs only
   * when `approve` approves the call.
   */
  callOpenAI(
    toolCalls: readonly OpenAIToolCall[] | null | undefined,
    options: CallOpenAIOptions = {},
  ): Promise<OpenAIToolMessage[]> {
    return runOpenAICalls(this, toolCalls, {
      ...options,
      strict: options.strict ?? this.options.strict,
    });
  }

  /**
   * The tools for `client.beta.messages.toolRunner`: validation in `parse`, dispatch in `run`. A
   * tool marked `requiresApproval` runs only when `approve` approves the call.
   */
  toRunnableTools(options: RunnableToolsOptions = {}): BetaRunnableTool<ParsedToolInput>[] {
    return toRunnableTools(this, options);
  }

  /**
   * Validates an input without running anything (manual mode). Never throws. A valid result's
   * `input` is a snapshot the registry remembers: `call()` with it runs without validating again.
   * For an unknown name, the tools the error names are those `options.caller` may use.
   */
  async check(
    name: string,
    input: unknown,
    options?: { caller?: ToolCaller },
  ): Promise<CheckResult> {
    const tool = this.tools.get(name);
    if (!tool) return { ok: false, error: this.unknownText(name, options?.caller) };
    if (this.recall(tool, input)) return { ok: true, input: input as Record<string, unknown> };
    const pending = prepareInput(tool.plan, input, this.limits);
    const prepared = 'ok' in pending ? pending : await pending;
    if (!prepared.ok) {
      return {
        ok: false,
        error: invalidInputText(name, prepared.problems, this.limits.maxErrorLength),
      };
    }
    // A registry-owned, frozen copy: the caller's own object is never mistaken for a checked
    // one, and an edit of the snapshot cannot run unchecked values.
    const snapshot = frozenSnapshot(prepared.input);
    this.checked.set(snapshot, { tool, prepared: { ...prepared, input: snapshot } });
    return { ok: true, input: snapshot };
  }

  /**
   * Validates and runs a call. `input` is an object or JSON text (or the `input` of a valid
   * `check()` result, which runs without validating again). A tool marked `longRunning` runs as
   * a job of the registry's `jobs` dispatcher, once validated. Never throws. This is your own
   * code calling the tool, so `requiresApproval` is not asked here: the agent, the MCP server,
   * `callOpenAI` and `toRunnableTools` ask before they call it for a model.
   */
  call(name: string, input: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    if (!this.trace) return this.dispatch(name, input, options, false);
    const call = { name, toolUseId: options.toolUseId, input };
    return this.trace(call, (validated) => this.dispatch(name, input, options, false, validated));
  }

  /**
   * Validates and runs a call in this process, even for a long-running tool: what a job worker
   * does (`toolwright/jobs`). Unlike `call()`, a method that throws anything but a `ToolError`
   * makes it reject with the text the model would get, so the queue can retry the job.
   */
  callHere(name: string, input: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    return this.dispatch(name, input, options, true);
  }

  /** The dispatcher of long-running calls, when the registry was given one. */
  get jobs(): ToolJobDispatcher | undefined {
    return this.options.jobs;
  }

  /**
   * What the model reads for a tool that does not exist: the tools it may call named, never one
   * the caller's scopes or roles keep from it (its tool list leaves those out too).
   */
  private unknownText(name: string, caller: ToolCaller | undefined): string {
    const usable = listedFor(
      [...this.tools.keys()].map((key) => ({ name: key })),
      this,
      caller,
    );
    return unknownToolText(
      name,
      usable.map((tool) => tool.name),
      this.limits.maxErrorLength,
    );
  }

  private async dispatch(
    name: string,
    input: unknown,
    options: CallOptions,
    here: boolean,
    validated?: ReportValidation,
  ): Promise<ToolOutcome> {
    try {
      const tool = this.tools.get(name);
      if (!tool) {
        validated?.(false);
        return { content: this.unknownText(name, options.caller), isError: true };
      }
      const recalled = this.recall(tool, input);
      // One dispatch per check: a second call with the same object is validated afresh.
      if (recalled) this.checked.delete(input as object);
      const pending = recalled?.prepared ?? prepareInput(tool.plan, input, this.limits);
      const prepared = 'ok' in pending ? pending : await pending;
      if (!prepared.ok) {
        validated?.(false);
        return {
          content: invalidInputText(name, prepared.problems, this.limits.maxErrorLength),
          isError: true,
        };
      }
      validated?.(true);
      const jobs = this.options.jobs;
      if (!here && jobs && tool.definition.options?.longRunning) {
        // The tool's own limit bounds the wait for its job, unless the call sets one.
        const timeoutMs = options.timeoutMs ?? tool.definition.options.timeoutMs;
        const limited = timeoutMs === undefined ? options : { ...options, timeoutMs };
        return await jobs.run({ tool: name, input: prepared.input }, limited);
      }
      const invoke = here ? { ...options, throwCrashes: true } : options;
      return await invokeTool(tool, prepared, invoke, this.invoke);
    } catch (error) {
      if (here) throw error;
      this.options.logger?.warn(
        `toolwright: unexpected failure in call("${name}"): ${(error as Error)?.message}`,
      );
      return { content: `Tool call failed unexpectedly`, isError: true };
    }
  }

  /** What `check()` proved of this very input for this tool, if it returned it. */
  private recall(tool: BoundTool, input: unknown): CheckedInput | undefined {
    if (input === null || typeof input !== 'object') return undefined;
    const checked = this.checked.get(input);
    return checked?.tool === tool ? checked : undefined;
  }

  /** Calls `listener` after every `register()` that added tools; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells the logger about each new tool that asks for strict and goes out without it, and when
   * the strict tools together pass the Messages API's per-request limits.
   */
  private warnNonStrict(added: readonly BoundTool[]): void {
    const logger = this.options.logger;
    if (!logger || added.length === 0) return;
    const tools = added.map(({ definition: d }) => d);
    for (const provider of ['anthropic', 'openai'] as const) {
      for (const tool of nonStrictTools(tools, provider, this.options.strict)) {
        logger.warn(`toolwright: ${nonStrictMessage(tool)}`);
      }
    }
    const all = [...this.tools.values()].map(({ definition: d }) => d);
    for (const problem of anthropicLimitProblems(all, this.options.strict)) {
      logger.warn(`toolwright: this registry has ${problem}`);
    }
  }
}

/** What a wire format renders of a bound tool. */
function descriptorOf({
  definition: d,
}: BoundTool): ToolDescriptor & { options: ManifestToolOptions } {
  return {
    name: d.name,
    description: d.description,
    inputSchema: d.inputSchema,
    ...(d.outputSchema ? { outputSchema: d.outputSchema } : {}),
    ...(d.examples ? { examples: d.examples } : {}),
    options: d.options ?? {},
  };
}

/** What `get`/`list` describe: the descriptor and the class and method behind it. */
function infoOf(tool: BoundTool): RegisteredToolInfo {
  const { target } = tool.definition;
  return { ...descriptorOf(tool), target: { class: target.class, method: target.method } };
}
