/**
 * Builds the final `Message` from raw stream events, the way the API would have sent it whole:
 * text concatenated, tool input parsed once at the end of its block (`{}` when it was cut or is
 * not a JSON object, so the history stays sendable; the raw text is kept for the call's error),
 * every field of `message_delta` (stop reason and details, container) and its usage.
 */
import type {
  ContentBlock,
  Message,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import { isJsonObject } from '../schema/isJsonObject';

type MutableBlock = ContentBlock & Record<string, unknown>;

/** The input object of a block's JSON text, or undefined when it is not one (cut, invalid). */
function objectInput(json: string): Record<string, unknown> | undefined {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    if (isJsonObject(value)) return value;
  } catch {
    // The input was cut or is not JSON.
  }
  return undefined;
}

/** Accumulates one streamed message. */
export class MessageAssembler {
  private snapshot: Message | undefined;
  private readonly json = new Map<number, string>();
  /** The JSON text of finished blocks whose input is not a JSON object. */
  private readonly unparsed = new Map<number, string>();
  private stopped = false;

  /** True once `message_stop` arrived: the message is whole. */
  get complete(): boolean {
    return this.stopped;
  }

  /** The message so far (whole once `complete`). */
  get message(): Message | undefined {
    return this.snapshot;
  }

  /**
   * The input of the finished block at `index` as a call reads it: the parsed object, or the
   * raw text when it is not a JSON object (the registry answers why). Undefined before its end.
   */
  input(index: number): unknown {
    const raw = this.unparsed.get(index);
    if (raw !== undefined) return raw;
    const block = this.snapshot?.content[index] as MutableBlock | undefined;
    return block && !this.json.has(index) ? block.input : undefined;
  }

  apply(event: RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.snapshot = { ...event.message, content: [] };
        return;
      case 'content_block_start': {
        const block = { ...event.content_block } as MutableBlock;
        this.snapshot?.content.push(block);
        // tool_use, server_tool_use and mcp_tool_use blocks stream their input as JSON deltas.
        if ('input' in block) this.json.set(event.index, '');
        return;
      }
      case 'content_block_delta':
        this.applyDelta(event.index, event.delta);
        return;
      case 'content_block_stop': {
        const json = this.json.get(event.index);
        const block = this.snapshot?.content[event.index];
        if (json !== undefined && block && 'input' in block) {
          const input = objectInput(json);
          // The history keeps `{}` for an input that is not an object, so it stays sendable.
          (block as MutableBlock).input = input ?? {};
          if (!input) this.unparsed.set(event.index, json);
          this.json.delete(event.index);
        }
        return;
      }
      case 'message_delta':
        if (this.snapshot) {
          // Every field the delta carries (stop_reason, stop_sequence, stop_details, container,
          // and whatever the API adds), as the SDK's own MessageStream keeps them; a container
          // the delta does not name stays as message_start gave it.
          const message = this.snapshot as unknown as Record<string, unknown>;
          for (const [key, value] of Object.entries(event.delta)) {
            if (key === 'container' && value == null) continue;
            message[key] = value;
          }
          // What the API did to the prompt (`context_management`) rides on the event itself.
          const managed = (event as { context_management?: unknown }).context_management;
          if (managed != null) message.context_management = managed;
          const usage = this.snapshot.usage as unknown as Record<string, unknown>;
          for (const [key, value] of Object.entries(event.usage)) {
            if (value !== null && value !== undefined) usage[key] = value;
          }
        }
        return;
      case 'message_stop':
        this.stopped = true;
        return;
    }
  }

  private applyDelta(
    index: number,
    delta: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta'],
  ): void {
    const block = this.snapshot?.content[index] as MutableBlock | undefined;
    if (!block) return;
    switch (delta.type) {
      case 'text_delta':
        if (block.type === 'text') block.text += delta.text;
        return;
      case 'input_json_delta': {
        const json = this.json.get(index);
        if (json !== undefined) this.json.set(index, json + delta.partial_json);
        return;
      }
      case 'thinking_delta':
        if (block.type === 'thinking') block.thinking += delta.thinking;
        return;
      case 'compaction_delta' as string: {
        // A compaction block's value comes whole in one delta (null content: it failed).
        const value = delta as unknown as { content: unknown; encrypted_content?: unknown };
        if (block.type !== ('compaction' as string)) return;
        block.content = value.content;
        if ('encrypted_content' in value) block.encrypted_content = value.encrypted_content;
        return;
      }
      case 'signature_delta':
        if (block.type === 'thinking') block.signature = delta.signature;
        return;
      case 'citations_delta':
        if (block.type === 'text') block.citations = [...(block.citations ?? []), delta.citation];
        return;
      default:
        return;
    }
  }
}
