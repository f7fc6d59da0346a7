/**
 * Tool naming rules shared by the runtime and codegen: the default name of a tool is its
 * method name in snake_case, and every name must match what the Messages API accepts.
 */

/** What the Messages API accepts as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * `getCurrentStockPrice` → `get_current_stock_price`, `fetchHTTPStatus` → `fetch_http_status`.
 * @example
 * toSnakeCase('getCurrentStockPrice'); // 'get_current_stock_price'
 */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** True when `name` is a valid tool name. */
export const isValidToolName = (name: string): boolean => TOOL_NAME_PATTERN.test(name);
