/**
 * The support desk's own tool on the MCP endpoint, for signed-in staff only (`desk:read`): it
 * answers who is asking, as the endpoint's caller (the guard's `req.user`) reaches the tool.
 */
import { Injectable } from '@nestjs/common';
import { Ctx, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';

/** The desk's own tools. */
@Injectable()
export class DeskService {
  /**
   * Says who is signed in at the desk.
   * @returns The caller's id and scopes.
   */
  @Tool({ scopes: ['desk:read'], annotations: { readOnlyHint: true } })
  whoIsAsking(@Ctx() ctx: ToolCallContext): string {
    return `${ctx.caller?.id ?? 'anonymous'} [${ctx.caller?.scopes.join(' ') ?? ''}]`;
  }
}
