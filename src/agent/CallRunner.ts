/**
 * Answers the calls of one turn: a call that was cut off or fails validation is answered with
 * its error, a call needing approval goes through the approver, the rest run through the
 * registry under the turn's concurrency bound and abort signal. Every call gets exactly one
 * answer; nothing here throws but an abort.
 */
import type { ToolCall } from '../calls/types';
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
    const checked = call.error
      ? { ok: false as const, error: call.error }
      : await raceAbort(this.registry.check(call.name, call.input), scope.signal);
    const { id, name, input } = call;
    trace.validated(checked.ok);
    if (!checked.ok) {
      const error = checked.error;
      const invalid = { id, name, input, error };
      scope.emit?.({ type: 'tool_call', id, name, input, valid: false, error, call: invalid });
      return [this.finish(call, checked.error, true, scope), 'invalid'];
    }
    const valid: ToolCall = {
      id: call.id,
      name: call.name,
      input: call.input as Record<string, unknown>,
    };
    scope.emit?.({ type: 'tool_call', id, name, input, valid: true, call: valid });
    const refusal = await raceAbort(this.approval(valid, scope), scope.signal);
    if (refusal === PAUSE) {
      const pending = { call: { ...call, input: valid.input }, content: '', isError: false };
      return [{ ...pending, pending: true }, 'paused'];
    }
    if (refusal !== undefined) {
      const reason = sanitizeForModel(refusal, 500);
      const text = `Tool "${call.name}" was not run: the call was denied (${reason}).`;
      return [this.finish(call, text, true, scope), 'denied'];
    }
    const checkedInput = checked.input;
    let deferred: string | undefined;
    try {
      deferred = await this.defer(valid, checkedInput, scope, trace);
    } catch (error) {
      if (scope.signal.aborted) throw error;
      // The queue failed (Redis refused the job): the model is told, the run goes on.
      const reason = sanitizeForModel(error instanceof Error ? error.message : String(error), 300);
      const text = `Tool "${call.name}" could not be queued: ${reason}`;
      return [this.finish(call, text, true, scope), 'error'];
    }
    if (deferred !== undefined) {
      const waiting = { call: { ...call, input: valid.input }, content: '', isError: false };
      return [{ ...waiting, pending: true, job: deferred }, 'paused'];
    }
    const outcome = await raceAbort(
      limiter(() =>
        // The checked input: the registry dispatches it without validating again; under the
        // call's span, which a job carries to its worker.
        trace.within(() =>
          this.registry.call(call.name, checkedInput, {
            toolUseId: call.id,
            signal: scope.signal,
            state: scope.state,
            ...(scope.emit ? { onProgress: progressEmitter(call, scope.emit) } : {}),
          }),
        ),
      ),
      scope.signal,
    );
    const answer = this.finish(call, outcome.content, outcome.isError, scope);
    return [answer, outcome.isError ? 'error' : 'ok'];
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

/** Turns a running call's `ctx.progress()` reports into `tool_progress` events. */
function progressEmitter(
  call: Pick<ToolCall, 'id' | 'name'>,
  emit: (event: AgentEvent) => void,
): (progress: ToolProgress) => void {
  return (progress) => emit({ type: 'tool_progress', id: call.id, name: call.name, ...progress });
}
