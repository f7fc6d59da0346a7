/**
 * `POST /approvals/:id`: a supervisor (`SupervisorGuard`: the supervisor token) approves or
 * refuses the refund a paused run waits for.
 * Any instance can answer it: the run is taken from the shared approval store (only once), the
 * refund runs here or is refused with the supervisor's reason, and the agent's answer comes back.
 */
import {
  Body,
  Controller,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApprovalNotFoundError, ToolAgent } from 'toolwright';
import type { ApprovalDecision } from 'toolwright';
import type { StatusSetter } from '../chat/ChatController';
import { gatewayError, replyOf } from '../chat/chatReply';
import type { ChatReply, PendingReply } from '../chat/chatReply';
import { ApprovalRequest } from './ApprovalRequest';
import { SupervisorGuard } from './SupervisorGuard';

/** Resumes paused runs with a supervisor's decision. */
@Controller('approvals')
export class ApprovalsController {
  constructor(@Inject(ToolAgent) private readonly agent: ToolAgent<unknown, 'pause'>) {}

  @Post(':id')
  @UseGuards(SupervisorGuard)
  async decide(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: ApprovalRequest,
    @Res({ passthrough: true }) response: StatusSetter,
  ): Promise<ChatReply | PendingReply> {
    const decision: ApprovalDecision = { approved: body.approved, reason: body.reason };
    try {
      const reply = replyOf(await this.agent.resume(id, () => decision));
      response.status(reply.code);
      return reply.body;
    } catch (error) {
      if (error instanceof ApprovalNotFoundError) {
        throw new NotFoundException(`No refund waits for approval under ${id}`);
      }
      throw gatewayError(error);
    }
  }
}
