/**
 * `POST /chat`: one user message in, the agent's answer out, with the tool calls it made
 * (denied ones included) so a support console can show its work.
 */
import Anthropic from '@anthropic-ai/sdk';
import { BadGatewayException, Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ToolAgent } from 'toolwright';
import { ChatRequest } from './ChatRequest';

/** One tool call of a chat turn, as the endpoint reports it. */
export interface ChatToolCall {
  name: string;
  input: unknown;
  result: string;
  isError: boolean;
}

/** What `POST /chat` answers. */
export interface ChatReply {
  answer: string;
  toolCalls: ChatToolCall[];
}

/** Runs the support agent. */
@Controller('chat')
export class ChatController {
  constructor(@Inject(ToolAgent) private readonly agent: ToolAgent) {}

  @Post()
  @HttpCode(200)
  async chat(@Body() body: ChatRequest): Promise<ChatReply> {
    try {
      const result = await this.agent.run(body.message);
      return { answer: result.finalText, toolCalls: toolCallsOf(result.messages) };
    } catch (error) {
      // The model could not be reached or refused the request: a gateway error, not a 500.
      if (error instanceof Anthropic.AnthropicError) {
        throw new BadGatewayException(`The model API failed: ${error.message}`);
      }
      throw error;
    }
  }
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
