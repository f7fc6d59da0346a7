/**
 * The MCP endpoint inside a Nest app, behind the app's own JWT guard and interceptor: a request
 * without a token is 401 before MCP sees it, the guard's user becomes the tool's caller
 * (`callerOf`), a user without a tool's scope neither sees nor can call it, and the tool reads
 * who called it. Driven by the 1.32 client and the 2.x client pinned to 2026-07-28, with tokens
 * signed by `@nestjs/jwt`.
 */
import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  All,
  Controller,
  Inject,
  Injectable,
  Module,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type {
  CallHandler,
  CanActivate,
  ExecutionContext,
  INestApplication,
  NestInterceptor,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { JwtModule, JwtService } from '@nestjs/jwt';
import type { Observable } from 'rxjs';
import type { ToolCaller } from '../calls/ToolCaller';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import { createMcpHttpHandler } from './createMcpHttpHandler';
import { createDualRegistry } from './__fixtures__/dualRegistry';
import { connectClient } from './__fixtures__/dualClients';
import type { AnyClient, ClientKind } from './__fixtures__/dualClients';

const SECRET = 'test-secret-of-at-least-thirty-two-bytes';
const MCP = Symbol('MCP');

/** What the guard leaves on the request. */
interface JwtUser {
  sub: string;
  scope: string;
  roles?: string[];
}

@Injectable()
class JwtGuard implements CanActivate {
  constructor(private readonly jwt: JwtService) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<IncomingMessage & { user?: JwtUser }>();
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException();
    req.user = await this.jwt.verifyAsync<JwtUser>(token).catch(() => {
      throw new UnauthorizedException();
    });
    return true;
  }
}

/** Requests the app's interceptor saw, by user. */
const intercepted: string[] = [];

@Injectable()
class AuditInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    intercepted.push(context.switchToHttp().getRequest<{ user: JwtUser }>().user.sub);
    return next.handle();
  }
}

@Controller('mcp')
@UseGuards(JwtGuard)
@UseInterceptors(AuditInterceptor)
class McpController {
  constructor(@Inject(MCP) private readonly mcp: McpHttpHandler) {}
  @All()
  async handle(@Req() req: IncomingMessage & { body?: unknown }, @Res() res: ServerResponse) {
    await this.mcp.handle(req, res, req.body);
  }
}

/** The guard's user as the tools' caller. */
const callerOf = (req: IncomingMessage): ToolCaller | undefined => {
  const user = (req as { user?: JwtUser }).user;
  return user && { id: user.sub, scopes: user.scope.split(' '), roles: user.roles ?? [] };
};

@Module({
  imports: [JwtModule.register({ secret: SECRET })],
  controllers: [McpController],
  providers: [
    JwtGuard,
    AuditInterceptor,
    {
      provide: MCP,
      useFactory: () =>
        createMcpHttpHandler(createDualRegistry(), { name: 'nest', version: '1', callerOf }),
    },
  ],
})
class AppModule {}

let app: INestApplication;
let url: URL;
const jwt = new JwtService({ secret: SECRET });
const tokenFor = (user: JwtUser) => jwt.signAsync(user);

beforeAll(async () => {
  app = await NestFactory.create(AppModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  url = new URL(`${await app.getUrl()}/mcp`.replace('[::1]', '127.0.0.1'));
});
afterAll(async () => {
  await app.get<McpHttpHandler>(MCP).close();
  await app.close();
});

it('answers 401 to a request without a token, before MCP sees it', async () => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(response.status).toBe(401);
});

it("answers another user's request on a 2025 session as on an unknown session", async () => {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: {
      headers: { Authorization: `Bearer ${await tokenFor({ sub: 'dave', scope: 'shop' })}` },
    },
  });
  const dave = new Client({ name: 'dave', version: '1' });
  await dave.connect(transport);
  const erinToken = await tokenFor({ sub: 'erin', scope: 'shop' });
  const onSession = async (sessionId: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${erinToken}`,
        'Mcp-Session-Id': sessionId,
        'Mcp-Protocol-Version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'who_calls', arguments: { note: 'x' } },
      }),
    });
    return { status: response.status, body: await response.text() };
  };
  try {
    const unknown = await onSession('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await onSession(transport.sessionId as string)).toEqual(unknown);
    expect((await dave.callTool({ name: 'who_calls', arguments: { note: 'n' } })).content).toEqual([
      { type: 'text', text: 'n: dave [shop]' },
    ]);
  } finally {
    await dave.close();
  }
});

describe.each<ClientKind>(['v1', 'v2-pinned'])('client %s', (kind) => {
  const open: AnyClient[] = [];
  afterEach(async () => void (await Promise.all(open.splice(0).map((c) => c.close()))));
  const connectAs = async (user: JwtUser) => {
    const headers = { Authorization: `Bearer ${await tokenFor(user)}` };
    const client = await connectClient(kind, url, { headers });
    open.push(client);
    return client;
  };

  it('a user without the scope neither sees nor can call the tool', async () => {
    const client = await connectAs({ sub: `bob-${kind}`, scope: 'shop' });
    expect(await client.listAll()).not.toContain('read_audit');
    const refused = await client.call('read_audit', {});
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('it requires the scope \\"audit:read\\"');
    // Refused before validation: an input the tool would reject gets the same answer.
    const invalid = await client.call('read_audit', { nonsense: 1 });
    expect(JSON.stringify(invalid.content)).toContain('requires the scope');
    expect(intercepted).toContain(`bob-${kind}`);
  });

  it('a user with the scope sees it, calls it, and the tool reads who called', async () => {
    const client = await connectAs({ sub: `alice-${kind}`, scope: 'shop audit:read' });
    const tools = await client.listAll();
    expect(tools).toContain('read_audit');
    expect(tools).not.toContain('rotate_keys');
    expect((await client.call('read_audit', {})).content).toEqual([
      { type: 'text', text: 'audit log' },
    ]);
    const who = await client.call('who_calls', { note: 'hi' });
    expect(who.content).toEqual([{ type: 'text', text: `hi: alice-${kind} [shop audit:read]` }]);
  });

  it('a role opens the tools that ask for it', async () => {
    const client = await connectAs({ sub: `carol-${kind}`, scope: 'shop', roles: ['admin'] });
    expect(await client.listAll()).toContain('rotate_keys');
    expect((await client.call('rotate_keys', {})).content).toEqual([
      { type: 'text', text: 'rotated' },
    ]);
  });
});
