/**
 * The Messages API's error responses: the error type for each HTTP status (one table) and the
 * `{ type: 'error', error: { type, message, details? } }` body the SDK turns into its error
 * classes (a `details.error_code` picks the SDK's class for that code).
 */

/** The API's error type for each status it uses. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** The error type the API answers a status with. */
export function errorTypeFor(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** A refusal the API names with an error code (`error.details.error_code`). */
export interface CodedRefusal {
  message: string;
  code: string;
}

/** A 400's message: plain, or with the API's error code. */
export type Refusal = string | CodedRefusal;

/** True when `value` (a refusal or an outcome object without `code`) is a refusal. */
export const isRefusal = (value: object | string): value is Refusal =>
  typeof value === 'string' || ('message' in value && 'code' in value);

/** The message of a refusal. */
export const refusalMessage = (refusal: Refusal): string =>
  typeof refusal === 'string' ? refusal : refusal.message;

/** An error body as the API sends it. */
export function errorBody(
  status: number,
  refusal: Refusal,
  type = errorTypeFor(status),
  requestId = 'req_scripted',
): Record<string, unknown> {
  const error: Record<string, unknown> = { type, message: refusalMessage(refusal) };
  if (typeof refusal !== 'string') error.details = { error_code: refusal.code };
  return { type: 'error', error, request_id: requestId };
}
