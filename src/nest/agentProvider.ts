/**
 * The `ToolAgent` provider: built from the module's `agent` options over the module's
 * registry and Anthropic client. Without `agent` options it provides `undefined`. With
 * `approvals: 'pause'` the agent is a `PausingToolAgent`, provided under that token too.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { FactoryProvider } from '@nestjs/common';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ANTHROPIC_CLIENT, TOOLWRIGHT_OPTIONS } from './constants';
import { PausingToolAgent } from './PausingToolAgent';
import type { ToolwrightModuleOptions } from './types';

/** Provides `ToolAgent` when the options have `agent`. */
export const agentProvider: FactoryProvider<ToolAgent | PausingToolAgent | undefined> = {
  provide: ToolAgent,
  useFactory: (options: ToolwrightModuleOptions, registry: ToolRegistry, client: Anthropic) => {
    if (!options.agent) return undefined;
    const { client: _client, ...agentOptions } = options.agent;
    if (agentOptions.approvals === 'pause') {
      return new PausingToolAgent({ ...agentOptions, approvals: 'pause', client, registry });
    }
    return new ToolAgent({ ...agentOptions, client, registry });
  },
  inject: [TOOLWRIGHT_OPTIONS, ToolRegistry, ANTHROPIC_CLIENT],
};

/** Provides `PausingToolAgent`: the module's agent when it pauses, else `undefined`. */
export const pausingAgentProvider: FactoryProvider<PausingToolAgent | undefined> = {
  provide: PausingToolAgent,
  useFactory: (agent: ToolAgent | PausingToolAgent | undefined) =>
    agent instanceof PausingToolAgent ? agent : undefined,
  inject: [ToolAgent],
};
