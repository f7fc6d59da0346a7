/** `resume()` was given a run id the approval store does not hold. */
import { ToolwrightError } from './ToolwrightError';

/**
 * Thrown by `ToolAgent.resume(runId, ...)` when no paused run has that id: it expired, was
 * resumed already (perhaps by another instance), or was saved in another store.
 */
export class ApprovalNotFoundError extends ToolwrightError {
  constructor(
    /** The run id that has no paused run. */
    readonly runId: string,
  ) {
    super(
      `ToolAgent.resume: no paused run "${runId}" in the approval store; it expired, was already resumed, or was paused by an agent with another approvalStore`,
    );
  }
}
