/** Calls made from code execution outlived the container their code ran in. */
import { ToolwrightError } from './ToolwrightError';

/**
 * Thrown by `ToolAgent` (run, stream, resume, step) when the history answers tool calls that
 * code execution made (programmatic tool calling) and the container that code runs in expired
 * (its `expires_at` passed): the code waiting for the results is gone, so the API can no longer
 * take them. The error carries the history (`messages`) up to the last whole turn, as every
 * failure of a run does.
 */
export class ContainerExpiredError extends ToolwrightError {
  constructor(
    /** The expired container's id. */
    readonly containerId: string,
    /** When it expired (ISO 8601, as the API gave it). */
    readonly expiredAt: string,
    /** The ids of the calls from code that can no longer be answered. */
    readonly callIds: readonly string[],
  ) {
    super(
      `ToolAgent: the code execution container "${containerId}" expired at ${expiredAt}, so the results of the calls its code made (${callIds.join(', ')}) can no longer be sent; ` +
        'answer calls from code before their container expires (a run paused for approval or a deferred job must be resumed sooner), ' +
        'or continue the conversation from the history before that turn',
    );
  }
}
