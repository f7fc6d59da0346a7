/**
 * Answers the calls of one turn through the one call pipeline (`runCallPipeline`: known tool →
 * the agent's `caller` and the tool's scopes → decode → validation → approval → the call), the
 * agent plugging in only its own shapes: its events and spans, its approver (or manual mode's
 * decider, or a pause), and its dispatch (a deferred job, the turn's concurrency bound and abort
 * signal). Every call gets exactly one answer; nothing here throws but an abort.
 */
import type { ToolCall } from '../calls/types';
import type { ToolCaller } from '../calls/ToolCaller';
import { runCallPipeline } from '../pipeline/runModelCall';
import type { ModelCallStages, PipelineAnswer } from '../pipeline/runModelCall';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { deniedReason } from '../calls/ApprovalDecision';
import type { CallAnswer, DialectCall } from './dialects/AgentDialect';
import type { Limiter } from './createLimiter';
import { raceAbort } from './raceAbort';
import type { Logger } from '../registry/types';
import type { ToolProgress } from '../calls/ToolCallContext';
import { PAUSE, deferral } from './deferral';
import { NO_TELEMETRY } from '../telemetry/AgentTelemetry';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import type {
  AgentTelemetry,
  RunTrace,
  ToolOutcomeKind,
  ToolTrace,
} from '../telemetry/AgentTelemetry';
import type { AgentEvent, AgentRegistry, Approver, CallDecider } from './types';

/** What one turn's calls share. */
export interface TurnScope {
  signal: AbortSignal;
  state: unknown;
  /** `resolve()`'s decider; when present it is the first say on every call. */
  decide?: CallDecider;
  emit?: (event: AgentEvent) => void;
  /** The run's trace, which the calls' spans belong to. */
  trace?: RunTrace;
}

/** The answer to a call that never completed, so it was not run. */
export function notRunText(name: string, stopReason: string | null): string {
  const why =
    stopReason === 'max_tokens'
      ? 'the reply was cut off (max_tokens) before this call was complete'
      : `the reply ended (stop_reason ${String(stopReason)}) before this call was complete`;
  return `Tool "${name}" was not run: ${why}.`;
}

/** Runs and answers calls for an agent. */
export class CallRunner {
  constructor(
    private readonly registry: AgentRegistry,
    private readonly approve: Approver | undefined,
    private readonly logger?: Logger,
    /** `approvals: 'pause'`: undecided calls pause the run instead of being denied. */
    private readonly pauses = false,
    private readonly telemetry: AgentTelemetry = NO_TELEMETRY,
    /** `longRunning: 'defer'`: a long-running call's job is enqueued and the run pauses for it. */
    private readonly defers = false,
    /** The caller the agent runs for (`ctx.caller`; a scoped tool is refused to anyone else). */
    readonly caller?: ToolCaller,
  ) {}

  /** Answers a call that will not run with an error text (emitted as its result too). */
  reject(call: DialectCall, text: string, scope: TurnScope): CallAnswer {
    this.telemetry.tool(scope.trace, call).end('not_run', text);
    return this.finish(call, text, true, scope);
  }

  /** Answers one complete call: validate, approve, run; its span ends with how it ended. */
  async answer(call: DialectCall, limiter: Limiter, scope: TurnScope): Promise<CallAnswer> {
    const trace = this.telemetry.tool(scope.trace, call);
    try {
      const [answer, outcome] = await this.answerTraced(call, limiter, scope, trace);
      trace.end(outcome, answer.content);
      return answer;
    } catch (error) {
      trace.end('error');
      throw error;
    }
  }

  private async answerTraced(
    call: DialectCall,
    limiter: Limiter,
    scope: TurnScope,
    trace: ToolTrace,
  ): Promise<[CallAnswer, ToolOutcomeKind]> {
    const { id, name, input } = call;
    let deferred: string | undefined;
    // The agent's stages of the one pipeline: its events and span, its approver or decider, and
    // its dispatch (deferral, the turn's concurrency bound, the call's span).
    const stages: ModelCallStages<typeof PAUSE> = {
      validated: (_, checked) => {
        trace.validated(checked.ok);
        const event = checked.ok
          ? { valid: true, call: { id, name, input: input as Record<string, unknown> } }
          : { valid: false, error: checked.error, call: { id, name, input, error: checked.error } };
        scope.emit?.({ type: 'tool_call', id, name, input, ...event } as AgentEvent);
      },
      approval: async (valid) => {
        const refusal = await raceAbort(this.approval(valid, scope), scope.signal);
        if (refusal === PAUSE) return { held: PAUSE };
        if (refusal === undefined) return undefined;
        const reason = sanitizeForModel(refusal, 500);
        return `Tool "${name}" was not run: the call was denied (${reason}).`;
      },
      dispatch: async (checkedInput, options) => {
        const valid = { id, name, input: input as Record<string, unknown> };
        try {
          deferred = await this.defer(valid, checkedInput, scope, trace);
        } catch (error) {
          if (scope.signal.aborted) throw error;
          // The queue failed (Redis refused the job): the model is told, the run goes on.
          const message = error instanceof Error ? error.message : String(error);
          const text = `Tool "${name}" could not be queued: ${sanitizeForModel(message, 300)}`;
          return { content: text, isError: true };
        }
        if (deferred !== undefined) return { content: '', isError: false };
        return raceAbort(
          limiter(() =>
            // The checked input: the registry dispatches it without validating again; under the
            // call's span, which a job carries to its worker.
            trace.within(() => this.registry.call(name, checkedInput, options)),
          ),
          scope.signal,
        );
      },
    };
    const options = {
      signal: scope.signal,
      state: scope.state,
      ...(this.caller ? { caller: this.caller } : {}),
      ...(scope.emit ? { onProgress: progressEmitter(call, scope.emit) } : {}),
    };
    const answer = await raceAbort(
      runCallPipeline(this.registry, call, options, stages),
      scope.signal,
    );
    if (answer.stage === 'held' || deferred !== undefined) {
      const pending = { call, content: '', isError: false };
      return deferred !== undefined
        ? [{ ...pending, pending: true, job: deferred }, 'paused']
        : [{ ...pending, pending: true }, 'paused'];
    }
    const { outcome } = answer;
    const done = this.finish(call, outcome.content, outcome.isError, scope);
    return [done, KIND_OF[answer.stage] ?? (outcome.isError ? 'error' : 'ok')];
  }

  /**
   * With `longRunning: 'defer'`, a long-running call's job, enqueued (under the call's span);
   * undefined when the call runs here and now.
   */
  private async defer(
    call: ToolCall,
    input: Record<string, unknown>,
    scope: TurnScope,
    trace: ToolTrace,
  ): Promise<string | undefined> {
    if (!this.defers || !this.registry.get(call.name)?.options.longRunning) return undefined;
    const jobs = this.registry.jobs;
    if (!isTaskJobDispatcher(jobs)) return undefined;
    const request = { tool: call.name, input };
    const options = { toolUseId: call.id, state: scope.state };
    return raceAbort(
      trace.within(() => jobs.enqueue(request, options)),
      scope.signal,
    );
  }

  /** The denial reason, `PAUSE`, or undefined when the call may run. */
  private async approval(
    call: ToolCall,
    scope: TurnScope,
  ): Promise<string | typeof PAUSE | undefined> {
    try {
      if (scope.decide) {
        const refusal = deniedReason(await scope.decide(call));
        if (refusal !== undefined) return refusal;
      }
      if (!this.registry.get(call.name)?.options.requiresApproval) return undefined;
      const pausable = this.pauses && !scope.decide;
      if (!this.approve) {
        if (pausable) return PAUSE;
        return scope.decide
          ? undefined
          : 'the tool requires approval and no approver is configured';
      }
      const ctx = {
        toolUseId: call.id,
        toolName: call.name,
        state: scope.state,
        signal: scope.signal,
      };
      const decision = await this.approve(call, ctx);
      return decision === 'pause' ? deferral(pausable) : deniedReason(decision);
    } catch (error) {
      const message = (error as { message?: unknown } | null)?.message ?? String(error);
      this.logger?.warn(
        `toolwright: approval of "${call.name}" threw, so it was denied: ${String(message)}`,
      );
      return `approval failed: ${String(message)}`;
    }
  }

  private finish(
    call: DialectCall,
    content: CallAnswer['content'],
    isError: boolean,
    scope: TurnScope,
  ): CallAnswer {
    scope.emit?.({ type: 'tool_result', id: call.id, name: call.name, content, isError });
    return { call, content, isError };
  }
}

/** How a call the pipeline answered before running it ended, for its span. */
const KIND_OF: Partial<Record<PipelineAnswer<unknown>['stage'], ToolOutcomeKind>> = {
  unknown: 'invalid',
  invalid: 'invalid',
  refused: 'denied',
  denied: 'denied',
};

/** Turns a running call's `ctx.progress()` reports into `tool_progress` events. */
function progressEmitter(
  call: Pick<ToolCall, 'id' | 'name'>,
  emit: (event: AgentEvent) => void,
): (progress: ToolProgress) => void {
  return (progress) => emit({ type: 'tool_progress', id: call.id, name: call.name, ...progress });
}
