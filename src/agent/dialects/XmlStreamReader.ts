/**
 * Follows a streamed reply in the XML format: text deltas pass through as text, and each
 * `<invoke>` is reported once its `<tool_name>` is known (start) and once its `</invoke>` has
 * arrived (complete, so it can run while the model writes the next), with the same id and
 * input `XmlDialect.extractCalls` gives for the whole message. Invokes still open when the
 * reply stops at the stop sequence complete then; a reply cut by `max_tokens` leaves them.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { parseFunctionCalls } from '../../wire/xml/parseFunctionCalls';
import type { ToolDescriptor } from '../../manifest/types';
import type { DialectStreamReader, DialectStreamSink } from './AgentDialect';
import { dialectCallOf, xmlCallId } from './xmlDialectCalls';

/** What can make a call known or complete; the text is parsed again only when one arrives. */
const MARKER = /<\/tool_name\s*>|<\/invoke\s*>|<invoke\s[^<>]*>/g;
const NAME_KNOWN = /<\/tool_name\s*>|^<invoke\s[^<>]*\bname\s*=/;
/** Longest marker that may straddle two deltas, searched again from the previous end. */
const OVERLAP = 64;

/** Reads one streamed message for the XML dialect. */
export class XmlStreamReader implements DialectStreamReader {
  private messageId = '';
  private text = '';
  private readonly started = new Set<number>();
  private readonly completed = new Set<number>();

  constructor(private readonly tools: () => readonly ToolDescriptor[]) {}

  read(event: RawMessageStreamEvent, sink: DialectStreamSink): void {
    if (event.type === 'message_start') {
      this.messageId = event.message.id;
    } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      sink.text(event.delta.text);
      const before = this.text.length;
      this.text += event.delta.text;
      if (this.markerSince(before)) this.scan(sink, false);
    } else if (event.type === 'message_delta') {
      const reason = event.delta.stop_reason;
      if (reason === 'stop_sequence' || reason === 'end_turn') this.scan(sink, true);
    }
  }

  /** True when a marker ends after `before` (the text's length before the last delta). */
  private markerSince(before: number): boolean {
    if (!this.text.includes('<function_calls')) return false;
    MARKER.lastIndex = Math.max(0, before - OVERLAP);
    for (let match = MARKER.exec(this.text); match; match = MARKER.exec(this.text)) {
      if (match.index + match[0].length > before) return true;
    }
    return false;
  }

  /** Reports new starts and completions; `final` completes every invoke the reply ended in. */
  private scan(sink: DialectStreamSink, final: boolean): void {
    const { invokes } = parseFunctionCalls(this.text);
    invokes.forEach((invoke, index) => {
      const id = xmlCallId(this.messageId, index);
      const known = final || invoke.closed || NAME_KNOWN.test(invoke.source);
      if (!invoke.name || !known) return;
      if (!this.started.has(index)) {
        this.started.add(index);
        sink.callStart(id, invoke.name);
      }
      if ((invoke.closed || final) && !this.completed.has(index)) {
        this.completed.add(index);
        const call = dialectCallOf(invoke, id, this.tools(), true);
        const json = typeof call.input === 'object' ? JSON.stringify(call.input) : '';
        sink.inputDelta(id, call.name, json, call.input);
        sink.callComplete(call);
      }
    });
  }
}
