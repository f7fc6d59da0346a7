/**
 * The Messages API's error responses: the error type for each HTTP status (one table) and the
 * `{ type: 'error', error: { type, message } }` body the SDK turns into its error classes.
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

/** An error body as the API sends it. */
export function errorBody(
  status: number,
  message: string,
  type = errorTypeFor(status),
  requestId = 'req_scripted',
): Record<string, unknown> {
  return { type: 'error', error: { type, message }, request_id: requestId };
}
