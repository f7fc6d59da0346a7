/**
 * How a streamed reply is put on the wire: server-sent events (the Messages API, Vertex AI's
 * `streamRawPredict`) or the AWS event stream of Bedrock's `invoke-with-response-stream`, whose
 * binary messages each carry one event's JSON, base64 in `{ "bytes": … }`. The paced writer
 * (`sendStream`) is the same for both; only the framing differs.
 */
import type { EventStreamCodec as Codec } from '@smithy/eventstream-codec';
import { assertPeers } from '../peers/assertPeers';
import { bedrockStreamException } from './platformErrors';
import type { ScriptedPlatform } from './types';
import type { SseEvent } from './replyMessage';

/** One way of framing a stream's events. */
export interface StreamFraming {
  /** The response's `content-type`. */
  contentType: string;
  /** One event as written. */
  event(event: SseEvent): string | Uint8Array;
  /** An error that ends the stream (`{ type, message }` as the Messages API names it). */
  error(error: { type: string; message: string }): string | Uint8Array;
  /** Something harmless to write and flush before the connection is cut. */
  flush: string | Uint8Array;
}

const sse = (name: string, data: unknown): string =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Server-sent events, as the Messages API and Vertex AI stream. */
export const sseFraming: StreamFraming = {
  contentType: 'text/event-stream',
  event: (event) => sse(event.event, event.data),
  error: (error) => sse('error', { type: 'error', error }),
  flush: ': cut\n\n',
};

let codec: Codec | undefined;

/** The AWS event stream codec, loaded on the first Bedrock stream (an optional peer). */
function eventStreamCodec(): Codec {
  if (codec) return codec;
  assertPeers('toolwright/testing (Bedrock streams)', ['@smithy/eventstream-codec']);
  // An optional peer, loaded on the first Bedrock stream only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventStreamCodec } = require('@smithy/eventstream-codec') as {
    EventStreamCodec: typeof Codec;
  };
  codec = new EventStreamCodec(
    (bytes) => Buffer.from(bytes).toString('utf8'),
    (text) => new Uint8Array(Buffer.from(text, 'utf8')),
  );
  return codec;
}

type MessageHeaders = Parameters<Codec['encode']>[0]['headers'];

const stringHeaders = (headers: Record<string, string>): MessageHeaders =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, { type: 'string', value }]),
  );

function frame(headers: Record<string, string>, payload: unknown): Uint8Array {
  return eventStreamCodec().encode({
    headers: stringHeaders({ ':content-type': 'application/json', ...headers }),
    body: new Uint8Array(Buffer.from(JSON.stringify(payload), 'utf8')),
  });
}

/** What Bedrock adds to `message_stop`: the invocation's metrics. */
function withBedrockMetrics(event: SseEvent): SseEvent['data'] {
  if (event.event !== 'message_stop') return event.data;
  const metrics = {
    inputTokenCount: 10,
    outputTokenCount: 5,
    invocationLatency: 1,
    firstByteLatency: 1,
  };
  return { ...event.data, 'amazon-bedrock-invocationMetrics': metrics };
}

/** Amazon Bedrock's AWS event stream: one `chunk` message per event, exceptions as frames. */
export const bedrockFraming: StreamFraming = {
  contentType: 'application/vnd.amazon.eventstream',
  event: (event) =>
    frame(
      { ':event-type': 'chunk', ':message-type': 'event' },
      { bytes: Buffer.from(JSON.stringify(withBedrockMetrics(event)), 'utf8').toString('base64') },
    ),
  error: (error) =>
    frame(
      { ':exception-type': bedrockStreamException(error.type), ':message-type': 'exception' },
      { message: error.message },
    ),
  flush: new Uint8Array(0),
};

/** The framing of `platform`'s streams. */
export const framingOf = (platform: ScriptedPlatform): StreamFraming =>
  platform === 'bedrock' ? bedrockFraming : sseFraming;
