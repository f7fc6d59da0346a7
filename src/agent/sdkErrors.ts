/**
 * The SDK's errors, recognised by their class chain's names rather than by `instanceof` against
 * toolwright's own copy of the SDK: an ES module project's client throws the classes of the SDK's
 * ESM build, which the CommonJS build toolwright loads does not know. Errors the agent raises
 * itself are made from the client's own SDK classes, so users' `instanceof` checks hold.
 */
import Anthropic from '@anthropic-ai/sdk';

/** Whether a class named `name` is in the prototype chain of `value`'s class. */
function hasClassNamed(value: unknown, name: string): boolean {
  for (
    let proto: unknown =
      value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if ((proto as { constructor?: { name?: unknown } }).constructor?.name === name) return true;
  }
  return false;
}

/** An error of the Anthropic SDK (any of its builds, any client's copy). */
export const isSdkError = (error: unknown): boolean =>
  error instanceof Anthropic.AnthropicError || hasClassNamed(error, 'AnthropicError');

/** The SDK's error for a request aborted through its signal. */
export const isSdkAbortError = (error: unknown): boolean =>
  error instanceof Anthropic.APIUserAbortError || hasClassNamed(error, 'APIUserAbortError');

/** `new APIConnectionError()` of the SDK copy `client` comes from (toolwright's as a fallback). */
export function connectionError(client: object, message: string, cause?: unknown): Error {
  const own = (client.constructor as { APIConnectionError?: unknown } | undefined)
    ?.APIConnectionError;
  const ErrorClass =
    typeof own === 'function' && hasClassNamed(own.prototype, 'AnthropicError')
      ? (own as typeof Anthropic.APIConnectionError)
      : Anthropic.APIConnectionError;
  return new ErrorClass({ message, ...(cause === undefined ? {} : { cause: cause as Error }) });
}
