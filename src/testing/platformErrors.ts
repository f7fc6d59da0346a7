/**
 * Errors as each platform sends them. The Messages API answers `{ type: 'error', error }`; Amazon
 * Bedrock answers `{ message }` with the exception's name in `x-amzn-errortype` (and, inside an
 * event stream, an exception frame); Vertex AI passes the model's errors through in the Messages
 * API's shape but answers quota and access errors itself, in Google's `{ error: { code, message,
 * status } }`. Tables, so a scripted status means the same thing on every platform.
 */
import { errorBody, errorTypeFor, refusalMessage } from './errorBody';
import type { Refusal } from './errorBody';
import type { ScriptedPlatform } from './types';

/** Bedrock's exception for each status (`InvokeModel`'s documented errors). */
const BEDROCK_EXCEPTIONS: Record<number, string> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
  529: 'ServiceUnavailableException',
};

/** The event stream's exception for each Messages API error type (`InvokeModelWithResponseStream`). */
const BEDROCK_STREAM_EXCEPTIONS: Record<string, string> = {
  rate_limit_error: 'throttlingException',
  overloaded_error: 'serviceUnavailableException',
  invalid_request_error: 'validationException',
  api_error: 'internalServerException',
};

/** The statuses Google's front end answers itself on Vertex, with its status names. */
const GOOGLE_STATUSES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};

/** An HTTP error response: its body and the headers that go with it. */
export interface PlatformError {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The error response of `platform` for `status` (the error code in the Messages API's shape). */
export function platformError(
  platform: ScriptedPlatform,
  status: number,
  refusal: Refusal,
  type?: string,
): PlatformError {
  const message = refusalMessage(refusal);
  if (platform === 'bedrock') {
    const exception =
      BEDROCK_EXCEPTIONS[status] ??
      (status >= 500 ? 'InternalServerException' : 'ValidationException');
    return { body: { message }, headers: { 'x-amzn-errortype': exception } };
  }
  if (platform === 'vertex' && GOOGLE_STATUSES[status] && type === undefined) {
    return {
      body: { error: { code: status, message, status: GOOGLE_STATUSES[status] } },
      headers: {},
    };
  }
  return { body: errorBody(status, refusal, type ?? errorTypeFor(status)), headers: {} };
}

/** The `:exception-type` of a Bedrock event stream's exception frame for a Messages API error type. */
export function bedrockStreamException(type: string): string {
  return BEDROCK_STREAM_EXCEPTIONS[type] ?? 'modelStreamErrorException';
}
