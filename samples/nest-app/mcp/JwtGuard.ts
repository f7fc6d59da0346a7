/**
 * The MCP endpoint's guard: a request without a valid JWT is 401 (which `ToolwrightMcpModule`
 * answers with its `WWW-Authenticate` challenge); a valid one leaves its claims on `req.user`
 * (`sub`, `scope`, `roles`), which the endpoint reads as the tools' caller.
 */
import type { IncomingMessage } from 'node:http';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { McpRequestUser } from 'toolwright/nest';

/** Checks the bearer JWT and puts its claims on `req.user`. */
@Injectable()
export class JwtGuard implements CanActivate {
  constructor(private readonly jwt: JwtService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<IncomingMessage & { user?: McpRequestUser }>();
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('Missing bearer token');
    req.user = await this.jwt.verifyAsync<McpRequestUser>(token).catch(() => {
      throw new UnauthorizedException('Invalid bearer token');
    });
    return true;
  }
}
