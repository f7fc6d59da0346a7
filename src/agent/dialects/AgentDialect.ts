/**
 * The seam between the agent loop and a wire format. Everything format-specific lives behind
 * this interface: how a request carries the tools (native `tools` parameter, or a system
 * prompt plus a stop sequence), how calls are read out of an assistant message (whole, or
 * while it streams), and how results become the next user message. The loop itself
 * (iterations, concurrency, approval, aborts, history repair) never looks at the format.
 *
 * To add a format: implement `AgentDialect` (e.g. `XmlDialect.ts` beside `NativeDialect.ts`)
 * and add one line to `dialectTable.ts`. Contract a dialect must keep:
 * - `extractCalls` returns every call of the message, in order, with ids that are unique in
 *   the message and stable (the same ids on every call for the same message); a call the
 *   model did not finish (the reply was cut off) has `complete: false` and is never run.
 * - `resultsMessage` receives exactly one answer per call of `extractCalls`, in that order,
 *   and must answer every one of them (the pairing rule of the native format; the XML format
 *   answers all calls of a turn in one `<function_results>`).
 * - `streamReader` reports each call through `sink.callComplete` once it is known complete
 *   (never a call that may still change), with the same id as `extractCalls` gives later.
 */
import type {
  Message,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool as AnthropicTool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ToolOutcome } from '../../calls/ToolOutcome';

/** A call as a dialect read it, before validation. */
export interface DialectCall {
  id: string;
  name: string;
  /** The input as far as it could be read: an object, or the raw text when it was not JSON. */
  input: unknown;
  /** False when the model did not finish writing the call (the reply was cut off). */
  complete: boolean;
  /** Set when the dialect could not read the call (unparsable input): the model's error text. */
  error?: string;
}

/** The answer to one call: what the model will be told. */
export interface CallAnswer {
  call: DialectCall;
  content: ToolOutcome['content'];
  isError: boolean;
  /** The call waits for approval (`approvals: 'pause'`): no answer yet, the run pauses. */
  pending?: boolean;
  /** With `pending`: the call's job runs (`longRunning: 'defer'`); its outcome is the answer. */
  job?: string;
}

/** The parts of a request that depend on the format. */
export interface DialectRequest {
  system?: string | TextBlockParam[];
  tools?: AnthropicTool[];
  stop_sequences?: string[];
}

/** Where a stream reader reports what it learns, as it learns it. */
export interface DialectStreamSink {
  text(text: string): void;
  callStart(id: string, name: string): void;
  inputDelta(id: string, name: string, partialJson: string, partialInput: unknown): void;
  /** The call is complete and may run now, while the message goes on streaming. */
  callComplete(call: DialectCall): void;
}

/** The message being streamed, as assembled so far (the event already applied). */
export interface StreamedMessage {
  readonly message: Message | undefined;
  /** A finished tool block's input: the parsed object, or its raw text when not an object. */
  input(index: number): unknown;
}

/** Follows one streamed message, event by event. */
export interface DialectStreamReader {
  read(event: RawMessageStreamEvent, sink: DialectStreamSink, streamed: StreamedMessage): void;
}

/** One wire format of the agent loop. */
export interface AgentDialect {
  /**
   * The request parts carrying the tools and the system prompt (`cache` marks them cacheable;
   * `strict` is the tools' strict default, where the format has strict tools).
   */
  requestParts(options: { system?: string; cache: boolean; strict?: boolean }): DialectRequest;
  /** Every call of an assistant message, in order. */
  extractCalls(message: Message): DialectCall[];
  /**
   * The assistant message as the history keeps it (native: its content as is; a format that
   * stops on a stop sequence may restore the text the stop sequence cut off).
   */
  historyMessage(message: Message): MessageParam;
  /** True when the message stops to wait for the results of its calls. */
  awaitsResults(message: Message): boolean;
  /** The next user message: one answer per call, in call order. */
  resultsMessage(answers: readonly CallAnswer[]): MessageParam;
  /** A reader for one streamed message. */
  streamReader(): DialectStreamReader;
  /** The text the run reports as `finalText` for its last message. */
  finalText(message: Message): string;
  /** The `<answer>` text, for formats that have one. */
  answer?(message: Message): string | undefined;
}
