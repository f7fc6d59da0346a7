/**
 * The error an aborted run rejects with: `name === 'AbortError'` as `fetch` and Node's own APIs
 * use, so `error.name === 'AbortError'` checks work; the signal's reason is its `cause`. A
 * `ToolwrightError`, like every error class of the package.
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolwrightError } from './ToolwrightError';

/** Thrown by `run`, `stream`, `step` and `resolve` when their `signal` fires. */
export class AbortError extends ToolwrightError {
  /**
   * For `run` and `stream`: the history up to the last whole turn (every call answered), so
   * the conversation can be stored and continued; the aborted turn is not in it.
   */
  messages?: MessageParam[];

  constructor(reason?: unknown) {
    super('The run was aborted', reason === undefined ? undefined : { cause: reason });
    this.name = 'AbortError';
  }
}
