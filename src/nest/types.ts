/** The options of `ToolwrightModule.forRoot()` and `forRootAsync()`. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ModuleMetadata } from '@nestjs/common' with { 'resolution-mode': 'import' };
import type { ToolAgentOptions } from '../agent/types';
import type { ToolRegistryOptions } from '../registry/types';

/**
 * The `ToolAgent` options (`model`, `system`, `maxTokens`, `approve`, ...); the module supplies
 * `registry`, and `client` defaults to the `ANTHROPIC_CLIENT` provider (`new Anthropic()`).
 */
export type ToolwrightAgentOptions = Omit<ToolAgentOptions, 'client' | 'registry'> & {
  client?: Anthropic;
};

/** What `forRoot` takes (and `forRootAsync`'s factory returns). */
export interface ToolwrightModuleOptions extends ToolRegistryOptions {
  /** When given, a `ToolAgent` over the discovered tools is provided for injection. */
  agent?: ToolwrightAgentOptions;
}

/** What `forRootAsync` takes: the options come from a factory with injected dependencies. */
export interface ToolwrightModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Builds the options; its arguments are the `inject` providers, in order. */
  useFactory: (...args: never[]) => ToolwrightModuleOptions | Promise<ToolwrightModuleOptions>;
  /** Providers to pass to `useFactory`. */
  inject?: (
    | string
    | symbol
    | (abstract new (...args: never[]) => unknown)
    | (new (...args: never[]) => unknown)
  )[];
}
