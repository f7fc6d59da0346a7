/**
 * One registry tool as a LangChain.js `StructuredTool`: the model is shown the tool's JSON Schema
 * (`bindTools`), and a call goes through the call pipeline (`runModelCall`: caller and scopes,
 * validation, approval, limits), so toolwright's decoder and validator decide, with path-level errors, instead of LangChain's own JSON Schema check (which
 * would answer "did not match expected schema" without saying where). Invoked with a tool call,
 * it answers a `ToolMessage`, `status: 'error'` with the registry's text when the call failed,
 * as LangChain reports tool errors to the model; invoked with bare arguments, a failure throws
 * a `ToolError` with that text.
 */
import { CallbackManager, parseCallbackConfigArg } from '@langchain/core/callbacks/manager';
import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool } from '@langchain/core/tools';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import type { ToolCall } from '@langchain/core/messages/tool';
import { randomUUID } from 'node:crypto';
import { ToolError } from '../errors/ToolError';
import { runModelCall } from '../pipeline/runModelCall';
import type { ObjectSchema } from '../schema/JsonSchema';
import type { RegisteredToolInfo } from '../registry/types';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { LangChainToolSource, LangChainToolsOptions } from './types';

/** A LangChain tool call: what `tool.invoke(aiMessage.tool_calls[i])` passes. */
const isToolCall = (value: unknown): value is ToolCall =>
  typeof value === 'object' &&
  value !== null &&
  'args' in value &&
  'name' in value &&
  ((value as { type?: unknown }).type === undefined ||
    (value as { type?: unknown }).type === 'tool_call');

/** The text of an error outcome. */
const errorText = (content: ToolOutcome['content']): string =>
  typeof content === 'string'
    ? content
    : content.map((block) => ('text' in block ? String(block.text) : '')).join('\n');

/** A toolwright tool for LangChain.js: `bindTools([...tools])`, then `tool.invoke(toolCall)`. */
export class RegistryTool extends StructuredTool<ObjectSchema> {
  /** The tool's name, as the model calls it. */
  name: string;
  /** What the model is told the tool does. */
  description: string;
  /** The tool's input JSON Schema, as `bindTools` shows it. */
  schema: ObjectSchema;

  constructor(
    private readonly source: LangChainToolSource,
    info: RegisteredToolInfo,
    private readonly options: LangChainToolsOptions = {},
  ) {
    super();
    this.name = info.name;
    this.description = info.description;
    this.schema = info.inputSchema;
  }

  /** Runs a call through the registry, with LangChain's callbacks around it. */
  override async call(arg: unknown, configArg?: unknown): Promise<never> {
    const toolCall = isToolCall(arg) ? arg : undefined;
    const input = toolCall ? toolCall.args : arg;
    const config = parseCallbackConfigArg(configArg as ToolRunnableConfig) as ToolRunnableConfig;
    const toolCallId = toolCall?.id ?? config.toolCall?.id;
    const callbacks = CallbackManager.configure(
      config.callbacks,
      this.callbacks,
      config.tags,
      this.tags,
      config.metadata,
      this.metadata,
      { verbose: this.verbose },
    );
    const run = await callbacks?.handleToolStart(
      this.toJSON(),
      typeof input === 'string' ? input : JSON.stringify(input),
      config.runId,
      undefined,
      undefined,
      undefined,
      config.runName ?? this.name,
      toolCallId,
    );
    const { state, approve, caller } = this.options;
    const outcome = await runModelCall(
      this.source,
      { id: toolCallId ?? `call_${randomUUID()}`, name: this.name, input },
      {
        state,
        ...(config.signal ? { signal: config.signal } : {}),
        ...(approve ? { approve } : {}),
        ...(caller ? { caller } : {}),
      },
    );
    const output = this.output(outcome, toolCallId);
    await run?.handleToolEnd(output);
    if (output instanceof ToolError) throw output;
    return output as never;
  }

  /** The registry's outcome as LangChain answers: a `ToolMessage` for a tool call. */
  private output(outcome: ToolOutcome, toolCallId: string | undefined): unknown {
    if (toolCallId === undefined) {
      return outcome.isError ? new ToolError(errorText(outcome.content)) : outcome.content;
    }
    const content = outcome.isError ? errorText(outcome.content) : outcome.content;
    return new ToolMessage({
      content: typeof content === 'string' ? content : JSON.stringify(content),
      tool_call_id: toolCallId,
      name: this.name,
      status: outcome.isError ? 'error' : 'success',
    });
  }

  /** Not used: `call` dispatches through the registry. */
  protected _call(): Promise<never> {
    throw new ToolError(`${this.name}: call through invoke()`);
  }
}
