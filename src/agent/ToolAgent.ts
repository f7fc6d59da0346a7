/**
 * `ToolAgent`: the registry inside a loop on the official client. Three ways to drive it —
 * `run` (automatic), `step` + `resolve` (manual: the caller decides what runs) and `stream`
 * (automatic, with events as they happen). The phases live beside it: request building
 * (`buildRequest`), turns (`executeTurn`), calls (`CallRunner`), the loop (`runLoop`), manual
 * mode (`manualStep`), durable approvals (`pause/`: a run pauses on calls that wait for
 * approval and `resume` goes on, on any instance), and the wire format behind `dialects/`.
 */
import { lazyAgentTelemetry } from '../telemetry/AgentTelemetry';
import { setMaxListeners } from 'node:events';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import { canonicalFormat } from '../approvals/AgentFormat';
import { ToolwrightError } from '../errors/ToolwrightError';
import type { AgentCore } from './AgentCore';
import { platformOf } from './agentPlatform';
import { CallRunner } from './CallRunner';
import { contextPlan } from './context/contextPlan';
import { dialectFor } from './dialects/dialectTable';
import { EventQueue } from './EventQueue';
import { resolveStep, takeStep } from './manualStep';
import { visibleTo } from './dialects/visibleTo';
import { resumeRun } from './resumeRun';
import type {
  ApprovalMode,
  PausedRunState,
  PendingApproval,
  ResumeDecisions,
} from '../approvals/types';
import { asAbort, runLoop } from './runLoop';
import type {
  AgentEvent,
  Approver,
  CallDecider,
  RunInput,
  RunOptions,
  RunOutcome,
  RunResult,
  StepResult,
  ToolAgentOptions,
} from './types';
import { warnStrict } from './warnStrict';
import { ProgrammaticCalls } from './programmatic/ProgrammaticCalls';
import { resolveToolSearch, toolSearchBetas } from './toolSearch/resolveToolSearch';
import { withSearchTool } from './toolSearch/withSearchTool';

/**
 * The SDK refuses non-streamed requests that may take over ten minutes, which it estimates
 * from `max_tokens`; above this, `run` streams its requests (without events).
 */
const NON_STREAMING_MAX_TOKENS = 21_333;

/** How long a paused run waits for `resume()` by default: one day. */
const DEFAULT_APPROVAL_TTL_SECONDS = 86_400;
/** How long a resumer's lease on a run lasts without renewal, by default. */
const DEFAULT_APPROVAL_LEASE_MS = 30_000;

/** The long-running mode, checked: `'defer'` pauses runs, so it needs `approvals: 'pause'`. */
function longRunningMode(mode: unknown, approvals: ApprovalMode): 'wait' | 'defer' {
  if (mode === undefined || mode === 'wait') return 'wait';
  if (mode !== 'defer') {
    throw new ToolwrightError(
      `ToolAgent: longRunning must be 'wait' or 'defer', got ${JSON.stringify(mode)}`,
    );
  }
  if (approvals !== 'pause') {
    throw new ToolwrightError(
      "ToolAgent: longRunning: 'defer' pauses runs, so it needs approvals: 'pause' (and an approvalStore every instance shares)",
    );
  }
  return mode;
}

/** The user's betas, checked: names, as `anthropic-beta` lists them. */
function checkedBetas(betas: unknown): string[] {
  if (betas === undefined) return [];
  if (!Array.isArray(betas) || !betas.every((beta) => typeof beta === 'string' && beta.trim())) {
    throw new ToolwrightError(
      `ToolAgent: betas must be an array of beta names, got ${JSON.stringify(betas)}`,
    );
  }
  return betas.map((beta: string) => beta.trim());
}

/**
 * The `anthropic-beta` header of every request, joined once: the user's betas, checked, then
 * those the agent's features need, each named once; undefined when there are none.
 */
function betaHeader(betas: unknown, featureBetas: readonly string[]): string | undefined {
  const names = new Set([...checkedBetas(betas), ...featureBetas]);
  return names.size > 0 ? [...names].join(',') : undefined;
}

/** The approval settings, checked. */
function approvalSettings(
  options: Pick<
    ToolAgentOptions,
    'approvals' | 'approvalStore' | 'approvalTtlSeconds' | 'approvalLeaseMs'
  >,
): AgentCore['settings']['approvals'] {
  const mode = options.approvals ?? 'callback';
  if (mode !== 'callback' && mode !== 'pause') {
    throw new ToolwrightError(
      `ToolAgent: approvals must be 'callback' or 'pause', got ${JSON.stringify(mode)}`,
    );
  }
  const ttlSeconds = options.approvalTtlSeconds ?? DEFAULT_APPROVAL_TTL_SECONDS;
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) {
    throw new ToolwrightError(
      `ToolAgent: approvalTtlSeconds must be a positive number of seconds, got ${ttlSeconds}`,
    );
  }
  const leaseMs = options.approvalLeaseMs ?? DEFAULT_APPROVAL_LEASE_MS;
  if (!(leaseMs > 0) || !Number.isFinite(leaseMs)) {
    throw new ToolwrightError(
      `ToolAgent: approvalLeaseMs must be a positive number of milliseconds, got ${leaseMs}`,
    );
  }
  const store = options.approvalStore ?? new MemoryApprovalStore();
  return { mode, store, ttlSeconds, leaseMs };
}

/**
 * A run's own signal: fires when `outer` does (`AbortSignal.any`, which lets go of `outer`
 * when the run is gone) or when the run aborts itself through `controller`. Every call of a
 * turn listens to it, so it takes any number of listeners.
 */
function runSignal(outer: AbortSignal | undefined): {
  controller: AbortController;
  signal: AbortSignal;
} {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  setMaxListeners(0, signal);
  return { controller, signal };
}

/**
 * Runs a registry's tools in a loop with Claude.
 * @example
 * const agent = new ToolAgent({ client: new Anthropic(), registry, model: 'claude-sonnet-5-5' });
 * const { finalText, messages } = await agent.run('What is GM trading at?');
 * for await (const event of agent.stream('And Ford?')) if (event.type === 'text') write(event.text);
 */
export class ToolAgent<State = unknown, Mode extends ApprovalMode = 'callback'> {
  private readonly core: AgentCore;

  constructor(options: ToolAgentOptions<State, Mode>) {
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
    const approvals = approvalSettings(options);
    warnStrict(options.registry, options.strict, options.logger);
    const format = canonicalFormat(options.format ?? 'anthropic');
    const telemetry = lazyAgentTelemetry(options.telemetry);
    const platform = platformOf(options.client);
    const toolSearch = resolveToolSearch(options.toolSearch, format);
    const budget = contextPlan(
      options.contextBudget,
      platform,
      format,
      toolSearch?.kind === 'client' ? [toolSearch.toolName] : [],
    );
    const registry =
      toolSearch?.kind === 'client'
        ? withSearchTool(options.registry, toolSearch, options.caller)
        : options.registry;
    const visible = visibleTo(registry, options.caller);
    const programmatic = new ProgrammaticCalls(platform);
    if (format === 'anthropic') programmatic.checkOffered(visible.descriptors());
    this.core = {
      telemetry,
      programmatic,
      client: options.client,
      registry,
      dialect: dialectFor(format, visible),
      runner: new CallRunner(
        registry,
        options.approve as Approver | undefined,
        options.logger,
        approvals.mode === 'pause',
        telemetry,
        longRunningMode(options.longRunning, approvals.mode) === 'defer',
        options.caller,
      ),
      settings: {
        model: options.model,
        maxTokens: options.maxTokens ?? 4096,
        system: options.system,
        maxIterations,
        concurrency,
        cache: options.cache ?? options.contextBudget !== undefined,
        strict: options.strict,
        logger: options.logger,
        context: options.context,
        params: options.params ?? {},
        format,
        approvals,
        betaHeader: betaHeader(options.betas, [
          ...(budget?.betas ?? []),
          ...toolSearchBetas(toolSearch, platform),
        ]),
        ...(budget ? { contextManagement: budget.management } : {}),
        toolSearch,
      },
    };
  }

  /**
   * Automatic mode: loops until the model stops asking for tools (or `maxIterations`).
   * @example
   * const result = await agent.run('Refund order 42', { signal: AbortSignal.timeout(60_000) });
   */
  async run(input: RunInput, options: RunOptions<State> = {}): Promise<RunOutcome<Mode>> {
    const { signal } = runSignal(options.signal);
    const outcome = await runLoop(this.core, input, {
      signal,
      state: this.state(options),
      mode: this.requestMode(),
    });
    return outcome as RunOutcome<Mode>;
  }

  /**
   * Goes on with a run that paused for approval (`approvals: 'pause'`), on this instance or any
   * other: by run id (taken from the approval store, so only one resume of it ever goes on) or by
   * the `state` itself. `decisions` decides every waiting call: approved calls run, denied ones are
   * answered `is_error` with the reason, and the loop continues; it may pause again. Calls deferred
   * to their jobs (`longRunning: 'defer'`) are answered with the jobs' outcomes, waited for when
   * still running; a run that waited only for jobs resumes with no decisions: `resume(runId)`.
   * @example
   * const result = await agent.run('Refund order ord_1003');
   * if (result.status === 'pending_approval') {
   *   // later, on any instance sharing the store:
   *   await agent.resume(result.runId, { [result.pending[0].id]: { approved: false, reason: 'too much' } });
   * }
   */
  async resume(
    from: string | PausedRunState,
    decisions: ResumeDecisions = {},
    options: RunOptions<State> = {},
  ): Promise<RunResult | PendingApproval> {
    const { signal } = runSignal(options.signal);
    const scope = { signal, state: this.state(options) };
    const point = await resumeRun(this.core, from, decisions, scope).catch((error: unknown) => {
      throw asAbort(error, signal);
    });
    try {
      const outcome = await runLoop(this.core, point.messages, {
        ...scope,
        mode: this.requestMode(),
        from: point.from,
      });
      await point.settle(outcome.status === 'completed' ? 'completed' : 'paused');
      return outcome;
    } catch (error) {
      await point.settle('failed').catch(() => undefined);
      throw asAbort(error, signal);
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
    return takeStep(this.core, messages, runSignal(options.signal).signal);
  }

  /** Runs the calls of `step` that `decide` approves (default: all) and returns the next user message. */
  async resolve(
    step: StepResult,
    decide?: CallDecider,
    options: RunOptions<State> = {},
  ): Promise<MessageParam> {
    return resolveStep(this.core, step, decide, {
      signal: runSignal(options.signal).signal,
      state: this.state(options),
    });
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
        const link = runSignal(options.signal);
        controller = link.controller;
        runLoop(this.core, input, {
          signal: link.signal,
          state: this.state(options),
          mode: 'stream',
          emit: (event) => queue.push(event),
        }).then(
          (result) => {
            if (result.status !== 'completed') {
              queue.push({ type: 'pending_approval', result });
            } else queue.push({ type: 'done', result });
            queue.end();
          },
          (error: unknown) => queue.fail(error),
        );
      },
      stop: () => controller?.abort(),
    });
    return queue;
  }

  private requestMode(): 'stream' | 'request' {
    return this.core.settings.maxTokens > NON_STREAMING_MAX_TOKENS ? 'stream' : 'request';
  }

  private state(options: RunOptions<State>): unknown {
    return 'context' in options ? options.context : this.core.settings.context;
  }
}
