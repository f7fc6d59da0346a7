/** Reads a stored paused run back: JSON text in, a checked `PausedRunState` out. */
import { checkPausedState } from './checkPausedState';
import type { PausedRunState } from './types';
import { ToolwrightError } from '../errors/ToolwrightError';

/** Parses and checks the entry stored under `runId`; a corrupt entry throws naming the run. */
export function parseStoredState(json: string, runId: string): PausedRunState {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ToolwrightError(`ApprovalStore: the entry of run "${runId}" is not JSON`);
  }
  return checkPausedState(value, `ApprovalStore entry of run "${runId}"`);
}
