/**
 * `POST /chat`: one user message in; the agent's answer out (200), or, when a refund waits for
 * a supervisor, 202 with the approval id that `POST /approvals/:id` decides.
 */
import { Body, Controller, Inject, Post, Res } from '@nestjs/common';
import { PausingToolAgent } from 'toolwright/nest';
import { ChatRequest } from './ChatRequest';
import { gatewayError, replyOf } from './chatReply';
import type { ChatReply, PendingReply } from './chatReply';

/** The part of the HTTP response the endpoints set: its status. */
export interface StatusSetter {
  status(code: number): unknown;
}

/** Runs the support agent. */
@Controller('chat')
export class ChatController {
  constructor(@Inject(PausingToolAgent) private readonly agent: PausingToolAgent) {}

  @Post()
  async chat(
    @Body() body: ChatRequest,
    @Res({ passthrough: true }) response: StatusSetter,
  ): Promise<ChatReply | PendingReply> {
    try {
      const reply = replyOf(await this.agent.run(body.message));
      response.status(reply.code);
      return reply.body;
    } catch (error) {
      throw gatewayError(error);
    }
  }
}
