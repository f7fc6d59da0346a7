/**
 * What the chat and approval endpoints answer: the agent's answer with the tool calls it made
 * (denied ones included) so a support console can show its work, or, when a refund waits for a
 * supervisor, the approval id to decide it by. Shared by both controllers.
 */
import Anthropic from '@anthropic-ai/sdk';
import { BadGatewayException, HttpStatus } from '@nestjs/common';
import type { PendingApproval, RunResult } from 'toolwright';

/** One tool call of a chat turn, as the endpoints report it. */
export interface ChatToolCall {
  name: string;
  input: unknown;
  result: string;
  isError: boolean;
}

/** The run ended: the answer (HTTP 200). */
export interface ChatReply {
  status: 'completed';
  answer: string;
  toolCalls: ChatToolCall[];
}

/** The run waits for a supervisor (HTTP 202): `POST /approvals/:approvalId` decides it. */
export interface PendingReply {
  status: 'pending_approval';
  approvalId: string;
  pending: { id: string; name: string; input: Record<string, unknown> }[];
}

/** The HTTP status and body of a run's outcome. */
export function replyOf(outcome: RunResult | PendingApproval): {
  code: HttpStatus;
  body: ChatReply | PendingReply;
} {
  if (outcome.status !== 'completed') {
    const body: PendingReply = {
      status: 'pending_approval',
      approvalId: outcome.runId,
      pending: outcome.pending,
    };
    return { code: HttpStatus.ACCEPTED, body };
  }
  const body: ChatReply = {
    status: 'completed',
    answer: outcome.finalText,
    toolCalls: toolCallsOf(outcome.messages),
  };
  return { code: HttpStatus.OK, body };
}

/** The model could not be reached or refused the request: a gateway error, not a 500. */
export function gatewayError(error: unknown): unknown {
  return error instanceof Anthropic.AnthropicError
    ? new BadGatewayException(`The model API failed: ${error.message}`)
    : error;
}

type Block = {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
};

/** Pairs every `tool_use` of the history with its `tool_result`. */
function toolCallsOf(messages: readonly { content: unknown }[]): ChatToolCall[] {
  const blocks = messages.flatMap((message) =>
    Array.isArray(message.content) ? (message.content as Block[]) : [],
  );
  const results = new Map(
    blocks.filter((b) => b.type === 'tool_result').map((b) => [b.tool_use_id, b]),
  );
  return blocks
    .filter((block) => block.type === 'tool_use')
    .map((use) => {
      const result = results.get(use.id);
      return {
        name: String(use.name),
        input: use.input,
        result: resultText(result?.content),
        isError: result?.is_error === true,
      };
    });
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type: string; text?: string }) =>
        part.type === 'text' ? part.text : `[${part.type}]`,
      )
      .join('');
  }
  return '';
}
