/**
 * `ToolAgent`: the registry inside a loop on the official client. Three ways to drive it —
 * `run` (automatic), `step` + `resolve` (manual: the caller decides what runs) and `stream`
 * (automatic, with events as they happen). The phases live beside it: request building
 * (`buildRequest`), turns (`executeTurn`), calls (`CallRunner`), the loop (`runLoop`), manual
 * mode (`manualStep`), and the wire format behind `dialects/`.
 */
import { setMaxListeners } from 'node:events';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolwrightError } from '../errors/ToolwrightError';
import type { AgentCore } from './AgentCore';
import { CallRunner } from './CallRunner';
import { dialectFor } from './dialects/dialectTable';
import { EventQueue } from './EventQueue';
import { resolveStep, takeStep } from './manualStep';
import { runLoop } from './runLoop';
import type {
  AgentEvent,
  Approver,
  CallDecider,
  RunInput,
  RunOptions,
  RunResult,
  StepResult,
  ToolAgentOptions,
} from './types';

/**
 * The SDK refuses non-streamed requests that may take over ten minutes, which it estimates
 * from `max_tokens`; above this, `run` streams its requests (without events).
 */
const NON_STREAMING_MAX_TOKENS = 21_333;

/**
 * A run's own signal: fires when `outer` does or when the run aborts itself. Every call of a
 * turn listens to it, so it takes any number of listeners.
 */
function linkedController(outer: AbortSignal | undefined): {
  controller: AbortController;
  unlink: () => void;
} {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  if (!outer) return { controller, unlink: () => undefined };
  if (outer.aborted) {
    controller.abort(outer.reason);
    return { controller, unlink: () => undefined };
  }
  const onAbort = (): void => controller.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  return { controller, unlink: () => outer.removeEventListener('abort', onAbort) };
}

/**
 * Runs a registry's tools in a loop with Claude.
 * @example
 * const agent = new ToolAgent({ client: new Anthropic(), registry, model: 'claude-sonnet-4-5' });
 * const { finalText, messages } = await agent.run('What is GM trading at?');
 * for await (const event of agent.stream('And Ford?')) if (event.type === 'text') write(event.text);
 */
export class ToolAgent<State = unknown> {
  private readonly core: AgentCore;

  constructor(options: ToolAgentOptions<State>) {
    const maxIterations = options.maxIterations ?? 10;
    if (!Number.isInteger(maxIterations) || maxIterations < 1) {
      throw new ToolwrightError(
        `ToolAgent: maxIterations must be a positive integer, got ${maxIterations}`,
      );
    }
    const concurrency = options.concurrency ?? Infinity;
    if (!(concurrency >= 1)) {
      throw new ToolwrightError(`ToolAgent: concurrency must be at least 1, got ${concurrency}`);
    }
    this.core = {
      client: options.client,
      registry: options.registry,
      dialect: dialectFor(options.format ?? 'native', options.registry),
      runner: new CallRunner(
        options.registry,
        options.approve as Approver | undefined,
        options.logger,
      ),
      settings: {
        model: options.model,
        maxTokens: options.maxTokens ?? 4096,
        system: options.system,
        maxIterations,
        concurrency,
        cache: options.cache ?? false,
        context: options.context,
        params: options.params ?? {},
      },
    };
  }

  /**
   * Automatic mode: loops until the model stops asking for tools (or `maxIterations`).
   * @example
   * const result = await agent.run('Refund order 42', { signal: AbortSignal.timeout(60_000) });
   */
  async run(input: RunInput, options: RunOptions<State> = {}): Promise<RunResult> {
    const { controller, unlink } = linkedController(options.signal);
    try {
      return await runLoop(this.core, input, {
        signal: controller.signal,
        state: this.state(options),
        mode: this.core.settings.maxTokens > NON_STREAMING_MAX_TOKENS ? 'stream' : 'request',
      });
    } finally {
      unlink();
    }
  }

  /**
   * Manual mode: one model turn; returns its calls sorted into valid and invalid, runs nothing.
   * @example
   * const step = await agent.step(messages);
   * messages.push({ role: 'assistant', content: step.message.content });
   * if (!step.done) messages.push(await agent.resolve(step, (call) => call.name !== 'delete_all'));
   */
  async step(
    messages: RunInput,
    options: Pick<RunOptions<State>, 'signal'> = {},
  ): Promise<StepResult> {
    const { controller, unlink } = linkedController(options.signal);
    try {
      return await takeStep(this.core, messages, controller.signal);
    } finally {
      unlink();
    }
  }

  /** Runs the calls of `step` that `decide` approves (default: all) and returns the next user message. */
  async resolve(
    step: StepResult,
    decide?: CallDecider,
    options: RunOptions<State> = {},
  ): Promise<MessageParam> {
    const { controller, unlink } = linkedController(options.signal);
    try {
      return await resolveStep(this.core, step, decide, {
        signal: controller.signal,
        state: this.state(options),
      });
    } finally {
      unlink();
    }
  }

  /**
   * Automatic mode with events: text deltas, tool calls as they stream (with `partialInput`),
   * results as tools finish, `turn_end` per turn and `done` with what `run` returns.
   * Leaving the loop early aborts the run.
   */
  stream(input: RunInput, options: RunOptions<State> = {}): AsyncIterableIterator<AgentEvent> {
    let controller: AbortController | undefined;
    const queue: EventQueue<AgentEvent> = new EventQueue<AgentEvent>({
      start: () => {
        const link = linkedController(options.signal);
        controller = link.controller;
        runLoop(this.core, input, {
          signal: controller.signal,
          state: this.state(options),
          mode: 'stream',
          emit: (event) => queue.push(event),
        })
          .then(
            (result) => {
              queue.push({ type: 'done', result });
              queue.end();
            },
            (error: unknown) => queue.fail(error),
          )
          .finally(link.unlink);
      },
      stop: () => controller?.abort(),
    });
    return queue;
  }

  private state(options: RunOptions<State>): unknown {
    return 'context' in options ? options.context : this.core.settings.context;
  }
}
