/**
 * The `ToolAgent` provider: built from the module's `agent` options over the module's
 * registry and Anthropic client. Without `agent` options it provides `undefined`.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { FactoryProvider } from '@nestjs/common';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ANTHROPIC_CLIENT, TOOLWRIGHT_OPTIONS } from './constants';
import type { ToolwrightModuleOptions } from './types';

/** Provides `ToolAgent` when the options have `agent`. */
export const agentProvider: FactoryProvider<ToolAgent | undefined> = {
  provide: ToolAgent,
  useFactory: (options: ToolwrightModuleOptions, registry: ToolRegistry, client: Anthropic) => {
    if (!options.agent) return undefined;
    const { client: _client, ...agentOptions } = options.agent;
    return new ToolAgent({ ...agentOptions, client, registry });
  },
  inject: [TOOLWRIGHT_OPTIONS, ToolRegistry, ANTHROPIC_CLIENT],
};
