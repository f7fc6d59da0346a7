/**
 * The Nest pieces of the MCP endpoint that `ToolwrightMcpModule` puts together: the controller at
 * the endpoint's path (behind the app's guards), the 401 challenge naming the RFC 9728 metadata,
 * the metadata route, and the handler's close before the HTTP server closes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  All,
  Catch,
  Controller,
  Get,
  Inject,
  Injectable,
  NotFoundException,
  Req,
  Res,
  UnauthorizedException,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type {
  ArgumentsHost,
  BeforeApplicationShutdown,
  CanActivate,
  ExceptionFilter,
  // The type alone, so the declarations import it as the others (Nest 12 is ESM only).
  UnauthorizedException as Unauthorized,
} from '@nestjs/common' with { 'resolution-mode': 'import' };
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import { metadataUrlOf, protectedResourceMetadata } from '../mcp-dual/authenticate';
import type { DualMcpHttpOptions } from '../mcp-dual/createMcpHttpHandler';
import { MCP_HANDLER, MCP_OPTIONS } from './constants';

/** The well-known path of the RFC 9728 metadata document. */
export const METADATA_PATH = '.well-known/oauth-protected-resource';

/** A guard of the endpoint: a class Nest instantiates (with injection), or an instance. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type McpGuard = CanActivate | Function;

/**
 * Answers the guard's 401 with `WWW-Authenticate: Bearer`, naming the metadata document
 * (`resource_metadata="…"`) when `protectedResource` is set, as the MCP authorization spec asks.
 */
@Injectable()
@Catch(UnauthorizedException)
export class McpChallengeFilter implements ExceptionFilter {
  constructor(@Inject(MCP_OPTIONS) private readonly options: DualMcpHttpOptions) {}
  catch(exception: Unauthorized, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<ServerResponse>();
    const resource = this.options.protectedResource?.resource;
    const challenge = resource ? `Bearer resource_metadata="${metadataUrlOf(resource)}"` : 'Bearer';
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': challenge });
    res.end(JSON.stringify(exception.getResponse()));
  }
}

/** The endpoint's controller at `path`, behind `guards`; every method goes to the handler. */
export function mcpController(
  path: string,
  guards: readonly McpGuard[],
): new (...args: never[]) => unknown {
  @Controller(path)
  @UseGuards(...guards)
  @UseFilters(McpChallengeFilter)
  class McpEndpointController {
    constructor(@Inject(MCP_HANDLER) private readonly mcp: McpHttpHandler) {}
    @All()
    async handle(@Req() req: IncomingMessage & { body?: unknown }, @Res() res: ServerResponse) {
      await this.mcp.handle(req, res, req.body);
    }
  }
  return McpEndpointController;
}

/** The RFC 9728 metadata at the well-known path, bare and with the endpoint's path appended. */
export function metadataController(path: string): new (...args: never[]) => unknown {
  @Controller(METADATA_PATH)
  class McpMetadataController {
    constructor(@Inject(MCP_OPTIONS) private readonly options: DualMcpHttpOptions) {}
    @Get([``, path])
    metadata(): Record<string, unknown> {
      const resource = this.options.protectedResource;
      if (!resource) throw new NotFoundException();
      return protectedResourceMetadata(resource);
    }
  }
  return McpMetadataController;
}

/**
 * Closes the handler before the HTTP server closes: its sessions' open streams end, so the
 * server's close does not wait on a connected client (as it would in `onApplicationShutdown`,
 * which runs after it).
 */
@Injectable()
export class McpHandlerCloser implements BeforeApplicationShutdown {
  constructor(@Inject(MCP_HANDLER) private readonly mcp: McpHttpHandler) {}
  async beforeApplicationShutdown(): Promise<void> {
    await this.mcp.close();
  }
}
