/**
 * Follows a streamed native message: text deltas, `tool_use` blocks with their input parsed
 * incrementally, and the moment each call is known complete — when a later block other than
 * text starts, or when the message stops with `tool_use`. A block cut by `max_tokens` never
 * completes. Text after a call is the shape of a turn that may still be refused (a refused
 * turn runs nothing), and nothing is written in parallel to gain, so it waits for the end.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { PartialJsonParser } from '../../streaming/PartialJsonParser';
import type {
  DialectCall,
  DialectStreamReader,
  DialectStreamSink,
  StreamedMessage,
} from './AgentDialect';

interface PendingCall {
  index: number;
  id: string;
  name: string;
  parser: PartialJsonParser;
}

/** Reads one streamed message for the native dialect. */
export class NativeStreamReader implements DialectStreamReader {
  private pending: PendingCall | undefined;

  read(event: RawMessageStreamEvent, sink: DialectStreamSink, streamed: StreamedMessage): void {
    switch (event.type) {
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type !== 'text') this.complete(sink, streamed);
        if (block.type === 'tool_use') {
          const parser = new PartialJsonParser();
          this.pending = { index: event.index, id: block.id, name: block.name, parser };
          sink.callStart(block.id, block.name);
        }
        return;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        const pending = this.pending;
        if (delta.type === 'text_delta') sink.text(delta.text);
        else if (delta.type === 'input_json_delta' && pending && pending.index === event.index) {
          pending.parser.push(delta.partial_json);
          sink.inputDelta(pending.id, pending.name, delta.partial_json, pending.parser.value);
        }
        return;
      }
      case 'message_delta':
        if (event.delta.stop_reason === 'tool_use') this.complete(sink, streamed);
        return;
      default:
        return;
    }
  }

  /** The pending call is complete: report it once. */
  private complete(sink: DialectStreamSink, streamed: StreamedMessage): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    const call: DialectCall = {
      id: pending.id,
      name: pending.name,
      input: streamed.input(pending.index) ?? {},
      complete: true,
    };
    sink.callComplete(call);
  }
}
