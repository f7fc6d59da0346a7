/**
 * The script of a scripted Messages API server: what each request is answered with (a reply,
 * streamed or not, or an HTTP error) and what the server records. Kept apart from the server
 * so that users can type their scripts without loading `node:http`.
 */

import type { PromptCacheOptions } from './promptCache';

/**
 * A citation of a `search_result` the request carried, as the API answers it in a text block:
 * `search_result_index` counts the request's `search_result` blocks from 0.
 */
export interface ScriptedSearchResultCitation {
  /** A citation of a search result. */
  type: 'search_result_location';
  /** The index of the cited result among the request's search results. */
  search_result_index: number;
  /** The cited result's source. */
  source: string;
  /** The cited result's title. */
  title: string | null;
  /** The cited text. */
  cited_text: string;
  /** The first cited text block of the result. */
  start_block_index: number;
  /** The end of the cited text blocks (exclusive). */
  end_block_index: number;
}

/** A text block of a scripted reply. */
export interface ScriptedTextBlock {
  /** A text block. */
  type: 'text';
  /** The text the model writes. */
  text: string;
  /**
   * The citations of this text (sent in the message, or as `citations_delta` events before the
   * text when streamed). `search_result_location` or any other citation shape.
   */
  citations?: Array<ScriptedSearchResultCitation | Record<string, unknown>>;
}

/**
 * A `tool_use` block of a scripted reply. `input` is the object the model sends; `inputJson`
 * replaces it with raw JSON text (possibly invalid or cut short, as after `max_tokens`).
 */
export interface ScriptedToolUseBlock {
  /** A `tool_use` block. */
  type: 'tool_use';
  /** Default: `toolu_<server>_<turn>_<block>`, `<server>` random for each server. */
  id?: string;
  /** The tool the model calls. */
  name: string;
  /** The input object the model sends. */
  input?: Record<string, unknown>;
  /** Raw input JSON text sent instead of `input` (possibly invalid or cut short). */
  inputJson?: string;
  /**
   * Who made the call: `{ type: 'direct' }`, or code the model runs (programmatic tool calling):
   * `{ type: 'code_execution_20260120', tool_id: '<the server_tool_use id>' }`. Left out when absent.
   */
  caller?: { type: string; tool_id?: string };
}

/** Any other block (thinking, server tool blocks, ...) is sent as given, in one piece. */
export interface ScriptedOtherBlock {
  /** The block's type, as the API names it. */
  type: string;
  /** The block's other fields, sent as given. */
  [key: string]: unknown;
}

/** One content block of a scripted reply. */
export type ScriptedBlock = ScriptedTextBlock | ScriptedToolUseBlock | ScriptedOtherBlock;

/** How a streamed reply is sent. */
export interface ScriptedStreamOptions {
  /** Characters per `text_delta` / `input_json_delta` (default 16). */
  chunkSize?: number;
  /** Milliseconds to wait before each event after `message_start` (default 0). */
  delayMs?: number;
  /** Extra milliseconds to wait before the event of this index (0 = `message_start`). */
  pauses?: Record<number, number>;
  /**
   * Hold the event of this index until the promise settles: lets a test wait for something on
   * the client side (a tool starting) before the stream goes on, without timing.
   */
  gates?: Record<number, PromiseLike<unknown>>;
  /** Send a `ping` after `message_start` (default true). */
  ping?: boolean;
  /** Cut the connection after this many events (no `message_stop`): a broken stream. */
  cutAfter?: number;
  /** Send an `error` event after this many events and end the stream. */
  errorAfter?: number;
  /** The error event's `error` object (default `overloaded_error`). */
  error?: { type: string; message: string };
}

/** A scripted reply: the assistant message the server answers with. */
export interface ScriptedReply {
  /** The reply's content blocks, in order. */
  content: ScriptedBlock[];
  /** Default: `tool_use` when a `tool_use` block is present, else `end_turn`. */
  stop_reason?: string;
  /** The stop sequence that ended the reply (default: null). */
  stop_sequence?: string | null;
  /**
   * What the API says of the stop beyond its reason (`{ type: 'refusal', category, explanation }`
   * on a refusal); sent in the message and in `message_delta`. Default: absent (null when streamed).
   */
  stop_details?: Record<string, unknown> | null;
  /**
   * The code execution container (`{ id, expires_at }`), in the message and in `message_delta`;
   * a later request answering calls from code in it after `expires_at` is refused.
   */
  container?: Record<string, unknown> | null;
  /**
   * What the API says of the request's context management (`{ applied_edits: [...] }`): in the
   * message, and on the `message_delta` event when streamed. The server fills it in itself for a
   * request with `context_management`; a script may set it for one without.
   */
  context_management?: Record<string, unknown> | null;
  /** Default: `{ input_tokens: 10, output_tokens: 5 }`. */
  usage?: Record<string, number>;
  /** Milliseconds before the response starts (default 0). */
  delayMs?: number;
  /** How it is streamed, when the request asks for a stream. */
  stream?: ScriptedStreamOptions;
}

/** A scripted HTTP error in the Messages API's error shape. */
export interface ScriptedError {
  /** The HTTP status and the error body's type and message. */
  error: {
    status: number;
    /** Default: the API's type for the status (`rate_limit_error` for 429, ...). */
    type?: string;
    message?: string;
    /** Seconds, sent as `retry-after` (fractions allowed; the SDK honours them). */
    retryAfter?: number;
    /** Extra response headers (e.g. `x-should-retry`). */
    headers?: Record<string, string>;
  };
  /** Milliseconds before the response (default 0). */
  delayMs?: number;
}

/** One scripted answer. */
export type ScriptedTurn = ScriptedReply | ScriptedError;

/**
 * Where a request was sent: the Messages API (`POST /v1/messages`), Amazon Bedrock
 * (`POST /model/{modelId}/invoke`, `/invoke-with-response-stream`) or Google Vertex AI
 * (`POST …/publishers/anthropic/models/{model}:rawPredict`, `:streamRawPredict`).
 */
export type ScriptedPlatform = 'anthropic' | 'bedrock' | 'vertex';

/** A request as the server received it. */
export interface RecordedRequest {
  /** The HTTP method. */
  method: string;
  /** The request's path and query. */
  path: string;
  /** The platform whose route the request took. */
  platform: ScriptedPlatform;
  /** The model asked for: from the body (Messages API) or from the path (Bedrock, Vertex). */
  model?: string;
  /** The request headers, lower-cased names. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The parsed JSON body. On Bedrock and Vertex it has no `model` (it is in the path) and carries
   * `anthropic_version` (and `anthropic_beta`) where the Messages API has headers.
   */
  body: Record<string, unknown> & {
    anthropic_version?: string;
    anthropic_beta?: string[];
    messages?: unknown[];
    stream?: boolean;
    tools?: unknown[];
    system?: unknown;
  };
  /** The 0-based index of the request among all requests received. */
  index: number;
}

/** Chooses the answer of a request; for conversations that interleave (many concurrent runs). */
export type TurnPicker = (request: RecordedRequest) => ScriptedTurn;

/** Options of `startScriptedServer`. */
export interface ScriptedServerOptions {
  /** Answers in order, one per request; or a function of the request. */
  turns: ScriptedTurn[] | TurnPicker;
  /** Answer 400 when a request breaks the tool_use/tool_result pairing rule (default true). */
  checkPairing?: boolean;
  /**
   * Answer 400, as the API does, when a tool sent with `strict: true` has an input schema outside
   * the strict subset (unsupported keywords or formats, an object without `additionalProperties:
   * false`, recursion, ...) or the request passes the strict limits (20 strict tools, 24
   * optional properties, 16 unions). Default true. The request uses no turn.
   */
  checkStrictTools?: boolean;
  /** Model name echoed in replies (default: the request's `model`). */
  model?: string;
  /**
   * Answer 400, as the API does, when a request breaks a rule of programmatic tool calling: a
   * tool callable from code (`allowed_callers`) without that code execution tool, or strict, or
   * on Bedrock or Vertex; a message answering calls from code that holds anything but their
   * `tool_result` blocks; such an answer without the container (or in one that expired).
   * Default true.
   */
  checkProgrammatic?: boolean;
  /** Keep request bodies in `requests` (default true; turn off for load tests). */
  record?: boolean;
  /**
   * The summary of a compaction the server does for a request whose `context_management` has a
   * `compact_20260112` edit whose trigger it passed (default: a line naming the number of messages
   * summarized). The reply then opens with a `compaction` block holding it.
   */
  compactionSummary?: string | ((request: RecordedRequest) => string);
  /**
   * Model the prompt cache (default off): each reply's usage then counts the request's input
   * tokens (four characters a token) and splits them as the API does, into
   * `cache_read_input_tokens` (the longest prefix an earlier request wrote at a `cache_control`
   * breakpoint), `cache_creation_input_tokens` (written now) and `input_tokens` (the rest). A
   * scripted `usage` still wins.
   */
  promptCache?: boolean | PromptCacheOptions;
}

/** A running scripted server. */
export interface ScriptedServer {
  /**
   * Base URL for `new Anthropic({ baseURL })`, `new AnthropicBedrock({ baseURL })` and
   * `new AnthropicVertex({ baseURL })`: the server answers all three.
   */
  url: string;
  /** Every request received, in order (including those answered with errors). */
  requests: RecordedRequest[];
  /** Requests answered 400 because they broke the pairing rule, with the reason. */
  pairingViolations: { request: RecordedRequest; reason: string }[];
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}
