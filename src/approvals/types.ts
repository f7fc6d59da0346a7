/**
 * The types of durable approvals: the plain-JSON state of a run paused on calls that need
 * approval, what `run()` returns when it pauses, the decisions `resume()` takes, and the store
 * that keeps paused runs between instances. Apart from the loop so stores can import them alone.
 */
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolCall } from '../calls/types';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { AgentFormat } from './AgentFormat';
import type { AgentUsage } from './AgentUsage';
import type { ApprovalDecision } from '../calls/ApprovalDecision';

/** How calls of `requiresApproval` tools wait: on the `approve` callback, or by pausing the run. */
export type ApprovalMode = 'callback' | 'pause';

/** What an approver may answer in `pause` mode besides a decision: leave it to `resume()`. */
export type DeferredDecision = 'pause';

/** One call of the paused turn: already answered (kept for the results message) or waiting. */
export type PausedCall =
  | {
      status: 'answered';
      id: string;
      name: string;
      input: unknown;
      content: ToolOutcome['content'];
      isError: boolean;
    }
  | {
      status: 'pending';
      id: string;
      name: string;
      /** The input as validation accepted it. */
      input: Record<string, unknown>;
    }
  | {
      /** A long-running call deferred to its job (`longRunning: 'defer'`), answered on resume. */
      status: 'job';
      id: string;
      name: string;
      input: Record<string, unknown>;
      /** The job that runs it (`ToolJobs`). */
      jobId: string;
    };

/** A long-running call whose job runs while the run waits (`longRunning: 'defer'`). */
export interface PendingJob {
  /** The call's id (`tool_use` id). */
  id: string;
  /** The tool the job runs. */
  name: string;
  /** Its job, for `ToolJobs.status()` or `wait()`. */
  jobId: string;
}

/** A paused run, plain JSON: store it anywhere, resume it on any instance. */
export interface PausedRunState {
  /** The format of this state, for stores that outlive a toolwright upgrade. */
  version: 1;
  /** Stable across the pauses of one run; the store's key. */
  runId: string;
  /** The wire format the history is written in; a resuming agent must use the same. */
  format: AgentFormat;
  /** The history up to and including the assistant message whose calls wait. */
  messages: MessageParam[];
  /** That assistant message, as the API returned it. */
  message: Message;
  /** Every call of that message, in order. */
  calls: PausedCall[];
  /** Model requests made so far. */
  iterations: number;
  /** The tokens of the run so far. */
  usage: AgentUsage;
  /** ISO times: when the run paused, and when its store entry expires. */
  pausedAt: string;
  /** When the paused run expires (ISO 8601). */
  expiresAt: string;
  /**
   * The W3C trace context (`traceparent`) of the run span that paused, when OpenTelemetry
   * traced it: the resumed run's span links to it.
   */
  trace?: Record<string, string>;
}

/**
 * What `run()` (or `resume()`) returns when the run paused: for approval (`pending_approval`:
 * some calls wait for a decision), or only for jobs of long-running calls (`pending_jobs`).
 */
export interface PendingApproval {
  /** `pending_approval` when calls wait for a decision; `pending_jobs` when the run waits only for jobs. */
  status: 'pending_approval' | 'pending_jobs';
  /** The id to resume it by (`agent.resume(runId, decisions)`). */
  runId: string;
  /** The calls waiting for a decision. */
  pending: ToolCall[];
  /** The long-running calls whose jobs run (`longRunning: 'defer'`); `resume()` waits for them. */
  jobs: PendingJob[];
  /** The paused run as the store keeps it. */
  state: PausedRunState;
}

/**
 * `resume()`'s decisions: one per pending call id, or a function asked for each pending call.
 * `true` approves; `false` or `{ approved: false, reason }` denies (the reason reaches the model).
 */
export type ResumeDecisions =
  | Record<string, ApprovalDecision>
  | ((call: ToolCall) => ApprovalDecision | Promise<ApprovalDecision>);

/**
 * Where paused runs wait, keyed by run id, each entry expiring after its TTL. `delete` says
 * whether the entry was still there, so that of two instances resuming one run only one goes on.
 */
export interface ApprovalStore {
  /** Stores a paused run for `ttlSeconds`, replacing any entry of the same id. */
  save(runId: string, state: PausedRunState, ttlSeconds: number): Promise<void>;
  /** The paused run, or undefined once it expired or was deleted. */
  load(runId: string): Promise<PausedRunState | undefined>;
  /** Deletes the paused run; true when it was still there. */
  delete(runId: string): Promise<boolean>;
  /**
   * Claims the run for one resumer: true when `owner` now holds its lease for `leaseMs` (or
   * already held it: a renewal), false while another owner's lease is live. Atomic across
   * instances. A store with it keeps a resumed run until its outcome is stored, so a resumer
   * that dies is followed by another once its lease expires (at-least-once); a store without
   * it deletes the run before its calls run (at-most-once).
   */
  claim?(runId: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Gives the lease up, if `owner` still holds it. */
  release?(runId: string, owner: string): Promise<void>;
}
