/**
 * Programmatic tool calling in the agent's requests: the code execution tool is added when a
 * sent tool may be called from code, and the container a response names is sent again with
 * the next request of the same conversation (the API requires it when the request answers
 * calls that code made; it keeps the code's state otherwise). Containers are remembered by the
 * ids of the blocks of the message that named them, so every mode finds them from the history
 * alone: `run`, `stream`, `step`/`resolve`, and `resume` (from the paused message). A platform
 * without programmatic tool calling, and a container that expired, are clear errors.
 */
import type {
  Container,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import { ContainerExpiredError } from '../../errors/ContainerExpiredError';
import { ToolwrightError } from '../../errors/ToolwrightError';
import { CODE_EXECUTION_TYPE, callableFromCode } from '../../wire/anthropic/codeCallable';
import { calledFromCode, isCodeExecution } from '../../schema/strict/codeCallers';
import type { CodeCallerOptions } from '../../schema/strict/codeCallers';
import type { AgentPlatform } from '../agentPlatform';
import { PLATFORM_NAMES } from '../agentPlatform';

/** How many blocks' containers are remembered (the oldest are forgotten first). */
const MAX_REMEMBERED = 4096;

interface Block {
  type?: unknown;
  id?: unknown;
  caller?: { type?: unknown };
}

const blocksOf = (message: MessageParam | undefined): Block[] =>
  message && Array.isArray(message.content) ? (message.content as Block[]) : [];

/** The calls code made in an assistant message: `tool_use` blocks whose caller is code execution. */
export function callsFromCode(message: MessageParam | undefined): string[] {
  return blocksOf(message)
    .filter((block) => block.type === 'tool_use' && isCodeExecution(block.caller?.type))
    .map((block) => String(block.id));
}

const expired = (container: Container): boolean => Date.parse(container.expires_at) <= Date.now();

/** The calls from code that the request's last message answers (none unless it answers calls). */
function answeredFromCode(messages: readonly MessageParam[]): string[] {
  const last = messages[messages.length - 1];
  if (last?.role !== 'user') return [];
  return messages.length > 1 ? callsFromCode(messages[messages.length - 2]) : [];
}

/** The containers of one agent's conversations, and the request rules that use them. */
export class ProgrammaticCalls {
  private readonly containers = new Map<string, Container>();

  constructor(private readonly platform: AgentPlatform) {}

  /** Remembers the container a response named, by the ids of its blocks. */
  record(message: Message): void {
    const container = message.container;
    if (!container?.id) return;
    for (const block of message.content as Block[]) {
      if (typeof block.id !== 'string') continue;
      this.containers.delete(block.id);
      this.containers.set(block.id, container);
    }
    while (this.containers.size > MAX_REMEMBERED) {
      this.containers.delete(this.containers.keys().next().value as string);
    }
  }

  /**
   * Refuses, when the agent is made, a registry tool code may call on a platform without
   * programmatic tool calling (tools given in `params.tools` are checked at the first request).
   */
  checkOffered(tools: readonly { name: string; options?: CodeCallerOptions }[]): void {
    const fromCode = tools.filter((tool) => calledFromCode(tool.options));
    if (fromCode.length > 0) this.refuseFromCode(fromCode.map((tool) => tool.name));
  }

  /** The error for tools code may call, `names`, on a platform without programmatic tool calling. */
  private refuseFromCode(names: readonly (string | undefined)[]): void {
    if (this.platform === 'anthropic') return;
    throw new ToolwrightError(
      `ToolAgent: programmatic tool calling is not offered on ${PLATFORM_NAMES[this.platform]}, and the tools ${names.join(', ')} may only be called from code (callableFromCode); ` +
        'drop callableFromCode for this agent (a registry of its own), or use the Claude API',
    );
  }

  /**
   * Completes a request: the code execution tool when a tool may be called from code (refused on
   * a platform without it), and the conversation's container unless `params.container` names one.
   */
  prepare(request: MessageCreateParamsNonStreaming, messages: readonly MessageParam[]): void {
    this.addCodeExecution(request);
    if (request.container == null) {
      const id = this.containerFor(messages);
      if (id !== undefined) request.container = id;
    }
  }

  private addCodeExecution(request: MessageCreateParamsNonStreaming): void {
    const tools = request.tools ?? [];
    const fromCode = tools.filter((tool) => callableFromCode(tool as { allowed_callers?: [] }));
    if (fromCode.length === 0) return;
    this.refuseFromCode(fromCode.map((tool) => (tool as { name?: string }).name));
    if (tools.some((tool) => 'type' in tool && isCodeExecution(tool.type))) return;
    request.tools = [{ type: CODE_EXECUTION_TYPE, name: 'code_execution' }, ...tools];
  }

  /**
   * The container to send with `messages`: the latest one the conversation's responses named,
   * while it lives. Answering calls from code needs it, alive: else a clear error.
   */
  private containerFor(messages: readonly MessageParam[]): string | undefined {
    const pending = answeredFromCode(messages);
    if (pending.length > 0) return this.liveContainer(messages, pending);
    const container = this.latest(messages);
    return container && !expired(container) ? container.id : undefined;
  }

  /**
   * Before the calls of `message`, the last of `history`, are answered (a turn of `run`, a
   * `resolve`, a `resume`): remembers the container it names, and when code made some of its
   * calls, the container they wait in must be known (or `named`, `params.container`) and alive,
   * else nothing runs whose result could not be sent.
   */
  checkAnswerable(
    message: Message,
    named?: unknown,
    history: readonly MessageParam[] = [message],
  ): void {
    this.record(message);
    const calls = callsFromCode(message);
    if (calls.length > 0 && named == null) this.liveContainer(history, calls);
  }

  /** The id of the container `pending` calls from code wait in; a clear error when unknown or expired. */
  private liveContainer(messages: readonly MessageParam[], pending: string[]): string {
    const container = this.latest(messages);
    if (!container) {
      throw new ToolwrightError(
        `ToolAgent: the history answers calls made from code execution (${pending.join(', ')}), but the container that code runs in is unknown to this agent ` +
          "(it keeps the containers of the responses it received, and of the runs it resumes); pass the response's container.id as params.container",
      );
    }
    if (expired(container)) {
      throw new ContainerExpiredError(container.id, container.expires_at, pending);
    }
    return container.id;
  }

  /** The container of the latest assistant message of `messages` that named one. */
  private latest(messages: readonly MessageParam[]): Container | undefined {
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].role !== 'assistant') continue;
      for (const block of blocksOf(messages[i])) {
        const container = typeof block.id === 'string' ? this.containers.get(block.id) : undefined;
        if (container) return container;
      }
    }
    return undefined;
  }
}
