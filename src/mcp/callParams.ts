/**
 * Reads the params of a `tools/call` request: a tool name and an arguments object, or a
 * JSON-RPC invalid-params error (-32602) with one line that says what is wrong. Our own check
 * rather than the SDK's, whose error is a multi-line validation dump.
 */
import { ToolwrightError } from '../errors/ToolwrightError';

/** What a well-formed `tools/call` asks. */
export interface CallParams {
  name: string;
  input: Record<string, unknown>;
  /** The client's progress token, when it wants `notifications/progress`. */
  progressToken?: string | number;
  /** A task-augmented call's task params (MCP tasks): run it as a task the client polls. */
  task?: { ttl?: number; pollInterval?: number };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/**
 * The JSON-RPC error codes this layer answers with, as the spec numbers them. Local rather than
 * the SDK's `ErrorCode`, so the call and paging code loads under either SDK major.
 */
export const JSON_RPC_CODES = { InvalidParams: -32602, MethodNotFound: -32601 } as const;

/**
 * A JSON-RPC error the SDK sends as is (`code`, `message`). Not the SDK's `McpError`, whose
 * message carries an `MCP error -32602:` prefix that the client then adds a second time.
 */
export class JsonRpcError extends ToolwrightError {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

function invalid(message: string): JsonRpcError {
  return new JsonRpcError(JSON_RPC_CODES.InvalidParams, `Invalid tools/call params: ${message}`);
}

/**
 * The call's name, arguments and progress token; throws `JsonRpcError` (-32602) when malformed.
 * @example
 * const { name, input } = readCallParams(request.params);
 */
export function readCallParams(params: unknown): CallParams {
  if (!isPlainObject(params)) throw invalid(`expected an object, got ${describe(params)}`);
  const { name, arguments: args, _meta: meta, task } = params;
  if (typeof name !== 'string' || name === '') {
    throw invalid(
      name === undefined
        ? 'the tool name (params.name) is missing'
        : `params.name must be a non-empty string, got ${describe(name)}`,
    );
  }
  if (args !== undefined && !isPlainObject(args)) {
    throw invalid(`params.arguments must be an object, got ${describe(args)}`);
  }
  if (task !== undefined && !isPlainObject(task)) {
    throw invalid(`params.task must be an object, got ${describe(task)}`);
  }
  const token = isPlainObject(meta) ? meta.progressToken : undefined;
  return {
    name,
    input: args ?? {},
    ...(typeof token === 'string' || typeof token === 'number' ? { progressToken: token } : {}),
    ...(task ? { task: taskParamsOf(task) } : {}),
  };
}

/** The task params: `ttl` and `pollInterval` when they are non-negative numbers. */
function taskParamsOf(task: Record<string, unknown>): NonNullable<CallParams['task']> {
  const read = (key: string): number | undefined => {
    const value = task[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw invalid(`params.task.${key} must be a non-negative number, got ${describe(value)}`);
    return value;
  };
  const ttl = read('ttl');
  const pollInterval = read('pollInterval');
  return {
    ...(ttl !== undefined ? { ttl } : {}),
    ...(pollInterval !== undefined ? { pollInterval } : {}),
  };
}
