/**
 * The NestJS module: `ToolwrightModule.forRoot()` / `forRootAsync()` provide a `ToolRegistry`
 * holding the tools of every provider of the application (found by `ToolwrightExplorer`) and,
 * with `agent` options, a `ToolAgent` over it; with `worker`, a job worker for its long-running
 * tools, started with the application. Global, so any module may inject them.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Logger, Module } from '@nestjs/common';
// `resolution-mode`: NestJS 12 is ESM only; without it a CommonJS consumer on node16 cannot
// read these types from the emitted declarations.
import type { DynamicModule, Provider } from '@nestjs/common' with { 'resolution-mode': 'import' };
import { DiscoveryModule } from '@nestjs/core';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ANTHROPIC_CLIENT, TOOLWRIGHT_OPTIONS } from './constants';
import { agentProvider, pausingAgentProvider } from './agentProvider';
import { ConfigurableToolwrightModule } from './moduleDefinition';
import { PausingToolAgent } from './PausingToolAgent';
import { syncedRegistry } from './syncedRegistry';
import { ToolwrightExplorer } from './ToolwrightExplorer';
import { ToolWorkerHost } from './ToolWorkerHost';
import type { ToolwrightModuleAsyncOptions, ToolwrightModuleOptions } from './types';

/** The registry, built from the module options; the explorer fills it. */
const registryProvider: Provider = {
  provide: ToolRegistry,
  useFactory: (options: ToolwrightModuleOptions, explorer: ToolwrightExplorer) => {
    const { agent: _agent, worker: _worker, ...registryOptions } = options;
    // A copy of the manifest, which the prebuilt tools' modules add their tools to.
    const manifest = registryOptions.manifest && {
      ...registryOptions.manifest,
      tools: [...registryOptions.manifest.tools],
    };
    const registry = new ToolRegistry({
      logger: new Logger('Toolwright'),
      ...registryOptions,
      manifest,
    });
    return syncedRegistry(registry, explorer, manifest);
  },
  inject: [TOOLWRIGHT_OPTIONS, ToolwrightExplorer],
};

/** The agent's client: the one in the agent options, else `new Anthropic()` from the environment. */
const clientProvider: Provider = {
  provide: ANTHROPIC_CLIENT,
  useFactory: (options: ToolwrightModuleOptions) =>
    options.agent ? (options.agent.client ?? new Anthropic()) : undefined,
  inject: [TOOLWRIGHT_OPTIONS],
};

/**
 * Registers the `@Tool` methods of every singleton provider and provides `ToolRegistry`
 * (and `ToolAgent` when `agent` is given; with `agent: { approvals: 'pause' }` it is also
 * `PausingToolAgent`, typed as an agent whose runs may pause).
 * @example
 * @Module({
 *   imports: [ToolwrightModule.forRoot({ manifest, agent: { model: 'claude-sonnet-5-5' } })],
 *   providers: [OrdersService, RefundsService],
 * })
 * export class AppModule {}
 */
@Module({})
export class ToolwrightModule {
  /** Static options. */
  static forRoot(options: ToolwrightModuleOptions = {}): DynamicModule {
    return withToolwright(ConfigurableToolwrightModule.forRoot(options));
  }

  /**
   * Options from a factory with injected dependencies (configuration, a policy provider, ...):
   * `useFactory` with `inject`, or `useClass`/`useExisting` naming a `ToolwrightOptionsFactory`.
   * @example
   * ToolwrightModule.forRootAsync({
   *   inject: [RefundPolicy],
   *   useFactory: (policy: RefundPolicy) => ({ agent: { model, approve: (call) => policy.allows(call) } }),
   * })
   * @example
   * ToolwrightModule.forRootAsync({ imports: [ConfigModule], useClass: ToolwrightConfig })
   */
  static forRootAsync(options: ToolwrightModuleAsyncOptions): DynamicModule {
    return withToolwright(ConfigurableToolwrightModule.forRootAsync(options));
  }
}

/** Adds toolwright's providers to the options module the builder made; global, so any module injects them. */
function withToolwright(definition: DynamicModule): DynamicModule {
  return {
    ...definition,
    module: ToolwrightModule,
    global: true,
    imports: [DiscoveryModule, ...(definition.imports ?? [])],
    providers: [
      ...(definition.providers ?? []),
      registryProvider,
      clientProvider,
      agentProvider,
      pausingAgentProvider,
      ToolwrightExplorer,
      ToolWorkerHost,
    ],
    exports: [
      ...(definition.exports ?? []),
      ToolRegistry,
      ToolAgent,
      PausingToolAgent,
      ANTHROPIC_CLIENT,
      TOOLWRIGHT_OPTIONS,
    ],
  };
}
