/**
 * Checks that a value handed to `resume()` (or read back from a store) is a paused run's state
 * before anything is run from it: the state may come from storage that another version wrote
 * or that someone edited. A bad state is a developer error naming the first problem.
 */
import { ToolwrightError } from '../errors/ToolwrightError';
import type { PausedRunState } from './types';
import { isJsonObject } from '../schema/isJsonObject';
import { contentBlockProblem } from '../content/searchResultContent';

/** An answered call's content: text, or blocks a tool may return (text, image, search_result). */
const isContent = (content: unknown): boolean =>
  typeof content === 'string' ||
  (Array.isArray(content) && content.every((block) => contentBlockProblem(block) === undefined));

type Check = [path: string, ok: (state: Record<string, unknown>) => boolean, expected: string];

const CALL_CHECKS: [string, (call: Record<string, unknown>) => boolean][] = [
  ['id', (call) => typeof call.id === 'string' && call.id.length > 0],
  ['name', (call) => typeof call.name === 'string'],
  [
    'status',
    (call) => call.status === 'answered' || call.status === 'pending' || call.status === 'job',
  ],
  ['input', (call) => call.status === 'answered' || isJsonObject(call.input)],
  ['jobId', (call) => call.status !== 'job' || typeof call.jobId === 'string'],
  ['isError', (call) => call.status !== 'answered' || typeof call.isError === 'boolean'],
  ['content', (call) => call.status !== 'answered' || isContent(call.content)],
];

/** The first problem of a paused call, or undefined. */
function callProblem(call: unknown, index: number): string | undefined {
  if (!isJsonObject(call)) return `calls[${index}] must be an object`;
  const failed = CALL_CHECKS.find(([, ok]) => !ok(call));
  return failed ? `calls[${index}].${failed[0]} is missing or invalid` : undefined;
}

/** The table of top-level checks: path, test, what was expected. */
const CHECKS: Check[] = [
  ['version', (s) => s.version === 1, 'the number 1'],
  ['runId', (s) => typeof s.runId === 'string' && s.runId.length > 0, 'a non-empty string'],
  [
    'format',
    (s) => s.format === 'anthropic' || s.format === 'xml' || s.format === 'native',
    '"anthropic" or "xml"',
  ],
  ['messages', (s) => Array.isArray(s.messages) && s.messages.length > 0, 'a non-empty array'],
  ['message', (s) => isJsonObject(s.message) && Array.isArray(s.message.content), 'a message'],
  ['calls', (s) => Array.isArray(s.calls), 'an array'],
  ['iterations', (s) => Number.isInteger(s.iterations) && Number(s.iterations) >= 0, 'a count'],
  ['usage', (s) => isJsonObject(s.usage), 'an object'],
  [
    'trace',
    (s) =>
      s.trace === undefined ||
      (isJsonObject(s.trace) && Object.values(s.trace).every((v) => typeof v === 'string')),
    'absent, or an object of strings (W3C trace headers)',
  ],
];

/** Returns `value` typed as a paused run's state, or throws naming what is wrong with it. */
export function checkPausedState(value: unknown, where = 'ToolAgent.resume'): PausedRunState {
  if (!isJsonObject(value)) {
    throw new ToolwrightError(`${where}: the state must be the object run() returned in "state"`);
  }
  const failed = CHECKS.find(([, ok]) => !ok(value));
  if (failed) {
    throw new ToolwrightError(
      `${where}: the state is not a paused run: "${failed[0]}" must be ${failed[2]}`,
    );
  }
  const calls = value.calls as unknown[];
  const problem = calls.map(callProblem).find((text) => text !== undefined);
  if (problem) throw new ToolwrightError(`${where}: the state is not a paused run: ${problem}`);
  return value as unknown as PausedRunState;
}
