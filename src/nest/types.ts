/** The options of `ToolwrightModule.forRoot()` and `forRootAsync()`. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ConfigurableModuleAsyncOptions } from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import type { ToolAgentOptions } from '../agent/types';
import type { ToolRegistry } from '../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../registry/types';

/**
 * The `ToolAgent` options (`model`, `system`, `maxTokens`, `approve`, ...); the module supplies
 * `registry`, and `client` defaults to the `ANTHROPIC_CLIENT` provider (`new Anthropic()`).
 */
export type ToolwrightAgentOptions = Omit<ToolAgentOptions, 'client' | 'registry'> & {
  client?: Anthropic;
};

/**
 * What `forRoot` takes (and `forRootAsync`'s factory returns). The module owns what it is given
 * to run: the `jobs` queue (a `ToolJobs`) and the `worker` are closed on the application's
 * shutdown (`app.close()`, or a signal with `app.enableShutdownHooks()`).
 */
export interface ToolwrightModuleOptions extends ToolRegistryOptions {
  /** When given, a `ToolAgent` over the discovered tools is provided for injection. */
  agent?: ToolwrightAgentOptions;
  /**
   * Starts a worker for the long-running tools once the application is up, and closes it on
   * shutdown (`app.enableShutdownHooks()`): `(registry) => startToolWorker(registry, options)`
   * from `toolwright/jobs`. Leave it out in instances that only enqueue.
   */
  worker?: (registry: ToolRegistry) => Promise<{ close(): Promise<void> }>;
}

/**
 * What `forRootAsync` takes, as every Nest module built with `ConfigurableModuleBuilder` does:
 * `useFactory` (with `inject`), `useClass` or `useExisting` (a `ToolwrightOptionsFactory`),
 * and `imports` for the modules those need.
 */
export type ToolwrightModuleAsyncOptions = ConfigurableModuleAsyncOptions<
  ToolwrightModuleOptions,
  'createToolwrightOptions'
>;

/**
 * A class that makes the module options, for `forRootAsync({ useClass })` or `useExisting`.
 * @example
 * @Injectable()
 * class ToolwrightConfig implements ToolwrightOptionsFactory {
 *   constructor(private readonly config: ConfigService) {}
 *   createToolwrightOptions(): ToolwrightModuleOptions {
 *     return { agent: { model: this.config.get('MODEL') } };
 *   }
 * }
 */
export interface ToolwrightOptionsFactory {
  /** The module options (`forRootAsync` calls it once). */
  createToolwrightOptions(): ToolwrightModuleOptions | Promise<ToolwrightModuleOptions>;
}
