/**
 * Turns a scripted reply into what the Messages API would send: the whole message (for a
 * plain request) or its server-sent events (for a streamed one), with text and tool input
 * chunked into deltas.
 */
import { codePointBoundary } from '../text/cutAtCodePoint';
import type {
  ScriptedBlock,
  ScriptedReply,
  ScriptedTextBlock,
  ScriptedToolUseBlock,
} from './types';

/** One server-sent event: its name and JSON data. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

interface ToolUseParts {
  id: string;
  name: string;
  json: string;
  /** The call's `caller`, when scripted. */
  caller?: Record<string, unknown>;
}

/**
 * Where a reply sits: its turn, and the server's own id prefix, so that ids a script leaves out
 * differ from one server to the next (a store that outlives a test run never mistakes them).
 */
export interface ReplyPlace {
  turn: number;
  idPrefix: string;
}

/** The id of a scripted `tool_use` block, given or derived from the server and its position. */
function toolUseId(block: Partial<ScriptedToolUseBlock>, place: ReplyPlace, index: number): string {
  return typeof block.id === 'string' ? block.id : `toolu_${place.idPrefix}_${place.turn}_${index}`;
}

function toolUseParts(scripted: ScriptedBlock, place: ReplyPlace, index: number): ToolUseParts {
  const block = scripted as Partial<ScriptedToolUseBlock>;
  const json =
    typeof block.inputJson === 'string' ? block.inputJson : JSON.stringify(block.input ?? {});
  const parts: ToolUseParts = {
    id: toolUseId(block, place, index),
    name: String(block.name),
    json,
  };
  if (block.caller) parts.caller = block.caller;
  return parts;
}

/** The fields a `tool_use` block starts with (its input still empty when streamed). */
const toolUseStart = (parts: ToolUseParts, input: unknown): Record<string, unknown> => ({
  type: 'tool_use',
  id: parts.id,
  name: parts.name,
  input,
  ...(parts.caller ? { caller: parts.caller } : {}),
});

/** Parses tool input JSON as the API's final message carries it: `{}` when it is not an object. */
function finalInput(json: string): unknown {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function defaultStopReason(reply: ScriptedReply): string {
  if (reply.stop_reason) return reply.stop_reason;
  return reply.content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function usageOf(reply: ScriptedReply): Record<string, number> {
  return { input_tokens: 10, output_tokens: 5, ...reply.usage };
}

/** The complete message of a non-streamed reply. */
export function replyMessage(
  reply: ScriptedReply,
  place: ReplyPlace,
  model: string,
): Record<string, unknown> {
  const { turn } = place;
  const content = reply.content.map((block, index) => {
    if (block.type === 'text') {
      const citations = (block as ScriptedTextBlock).citations;
      return { type: 'text', text: block.text, citations: citations ?? null };
    }
    if (block.type !== 'tool_use') return block;
    const parts = toolUseParts(block, place, index);
    return toolUseStart(parts, finalInput(parts.json));
  });
  return {
    id: `msg_scripted_${turn}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: defaultStopReason(reply),
    stop_sequence: reply.stop_sequence ?? null,
    ...(reply.stop_details !== undefined ? { stop_details: reply.stop_details } : {}),
    ...(reply.container !== undefined ? { container: reply.container } : {}),
    ...(reply.context_management !== undefined
      ? { context_management: reply.context_management }
      : {}),
    usage: usageOf(reply),
  };
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    // As the API streams: a delta never ends inside a character (a pair is never split).
    let end = codePointBoundary(text, at + size);
    if (end <= at) end = at + 2;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** The events of one content block: start, deltas, stop. */
function blockEvents(
  block: ScriptedBlock,
  index: number,
  place: ReplyPlace,
  size: number,
): SseEvent[] {
  const events: SseEvent[] = [];
  const delta = (d: Record<string, unknown>): void => {
    events.push({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index, delta: d },
    });
  };
  if (block.type === 'text') {
    const start = { type: 'text', text: '', citations: null };
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: start },
    });
    for (const citation of (block as ScriptedTextBlock).citations ?? []) {
      delta({ type: 'citations_delta', citation });
    }
    for (const text of chunks(String(block.text), size)) delta({ type: 'text_delta', text });
  } else if (block.type === 'tool_use') {
    const parts = toolUseParts(block, place, index);
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: toolUseStart(parts, {}) },
    });
    for (const partial_json of chunks(parts.json, size)) {
      delta({ type: 'input_json_delta', partial_json });
    }
  } else if (block.type === 'server_tool_use') {
    // As the API streams it: the block starts with an empty input, which follows as JSON deltas.
    const start = { ...block, input: {} };
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: start },
    });
    for (const partial_json of chunks(JSON.stringify(block.input ?? {}), size)) {
      delta({ type: 'input_json_delta', partial_json });
    }
  } else if (block.type === 'compaction') {
    // As the API streams it: the block opens empty, one `compaction_delta` carries its value.
    const start = { ...block, content: null, encrypted_content: null };
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: start },
    });
    const { content, encrypted_content } = block;
    delta({ type: 'compaction_delta', content, encrypted_content });
  } else {
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: block },
    });
  }
  events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  return events;
}

/** Every event of a streamed reply, `message_start` to `message_stop`. */
export function replyEvents(reply: ScriptedReply, place: ReplyPlace, model: string): SseEvent[] {
  const { turn } = place;
  const size = Math.max(1, reply.stream?.chunkSize ?? 16);
  const usage = usageOf(reply);
  const message = {
    id: `msg_scripted_${turn}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...usage, output_tokens: 1 },
  };
  const events: SseEvent[] = [{ event: 'message_start', data: { type: 'message_start', message } }];
  if (reply.stream?.ping !== false) events.push({ event: 'ping', data: { type: 'ping' } });
  reply.content.forEach((block, index) => events.push(...blockEvents(block, index, place, size)));
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: {
        stop_reason: defaultStopReason(reply),
        stop_sequence: reply.stop_sequence ?? null,
        stop_details: reply.stop_details ?? null,
        ...(reply.container !== undefined ? { container: reply.container } : {}),
      },
      usage: { output_tokens: usage.output_tokens },
      ...(reply.context_management !== undefined
        ? { context_management: reply.context_management }
        : {}),
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}
