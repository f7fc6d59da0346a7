/**
 * The MCP endpoint in a Nest app: `ToolwrightMcpModule.forRoot({ name, version, guards })` serves
 * the app's `ToolRegistry` (from `ToolwrightModule`) to MCP clients of both revisions at `/mcp`
 * (`toolwright/mcp2`'s handler, under `MCP_HANDLER`), behind the app's own guards, reading the
 * caller from `req.user` (`userCallerOf`), answering a 401 with its `WWW-Authenticate` challenge,
 * serving the RFC 9728 metadata when `protectedResource` is set, and closing its sessions before
 * the HTTP server closes. The MCP SDKs are loaded when the module is, not with `toolwright/nest`.
 */
import { Module } from '@nestjs/common';
import type {
  DynamicModule,
  FactoryProvider,
  ModuleMetadata,
  Provider,
} from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import { ToolRegistry } from '../registry/ToolRegistry';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import type { DualMcpHttpOptions } from '../mcp-dual/createMcpHttpHandler';
import { MCP_HANDLER, MCP_OPTIONS } from './constants';
import { userCallerOf } from './mcpCaller';
import {
  McpChallengeFilter,
  mcpController,
  McpHandlerCloser,
  metadataController,
} from './mcpEndpoint';
import type { McpGuard } from './mcpEndpoint';

/** Where the endpoint is and who guards it: fixed when the module is declared. */
export interface McpEndpointOptions {
  /** The endpoint's path. Default `mcp`. */
  path?: string;
  /** The app's guards the endpoint is behind (a JWT guard that sets `req.user`). */
  guards?: McpGuard[];
}

/**
 * What `forRoot` takes (and `forRootAsync`'s factory returns): `toolwright/mcp2`'s handler
 * options (`name`, `version`, `protectedResource`, `verifyToken`, `allowedHosts`, ...).
 * `callerOf` defaults to `userCallerOf`, which reads the guard's `req.user`.
 */
export type ToolwrightMcpModuleOptions = DualMcpHttpOptions;

/** What `forRootAsync` takes: the factory of the handler options, and the endpoint's place. */
export interface ToolwrightMcpModuleAsyncOptions
  extends McpEndpointOptions, Pick<ModuleMetadata, 'imports'> {
  /** Makes the handler options from the `inject`ed providers. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  useFactory: (...args: any[]) => ToolwrightMcpModuleOptions | Promise<ToolwrightMcpModuleOptions>;
  /** The providers `useFactory` receives. */
  inject?: FactoryProvider['inject'];
}

/** Builds the dual-revision handler over the app's registry (loading the MCP SDKs now). */
async function createHandler(
  registry: ToolRegistry,
  options: ToolwrightMcpModuleOptions,
): Promise<McpHttpHandler> {
  const { createMcpHttpHandler } = await import('../mcp-dual/index');
  return createMcpHttpHandler(registry, { callerOf: userCallerOf, ...options });
}

const handlerProvider: Provider = {
  provide: MCP_HANDLER,
  useFactory: createHandler,
  inject: [ToolRegistry, MCP_OPTIONS],
};

/**
 * The MCP endpoint of the app's registry, behind the app's guards.
 * @example
 * ToolwrightMcpModule.forRoot({ name: 'shop', version: '1.0.0', guards: [JwtGuard] })
 */
@Module({})
export class ToolwrightMcpModule {
  /** Static options. */
  static forRoot(options: ToolwrightMcpModuleOptions & McpEndpointOptions): DynamicModule {
    const { path, guards, ...handlerOptions } = options;
    return endpointModule({ path, guards }, [], { provide: MCP_OPTIONS, useValue: handlerOptions });
  }

  /** Options from a factory with injected dependencies (configuration, a JWT service, ...). */
  static forRootAsync(options: ToolwrightMcpModuleAsyncOptions): DynamicModule {
    const { path, guards, imports, useFactory, inject } = options;
    return endpointModule({ path, guards }, imports ?? [], {
      provide: MCP_OPTIONS,
      useFactory,
      inject: inject ?? [],
    });
  }
}

function endpointModule(
  endpoint: McpEndpointOptions,
  imports: NonNullable<ModuleMetadata['imports']>,
  optionsProvider: Provider,
): DynamicModule {
  const path = (endpoint.path ?? 'mcp').replace(/^\/+/, '');
  return {
    module: ToolwrightMcpModule,
    imports,
    controllers: [mcpController(path, endpoint.guards ?? []), metadataController(path)],
    providers: [optionsProvider, handlerProvider, McpChallengeFilter, McpHandlerCloser],
    exports: [MCP_HANDLER],
  };
}
