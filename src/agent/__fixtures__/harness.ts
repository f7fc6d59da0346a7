/**
 * One agent test setup: a scripted server, the real client against it (with retries and the
 * server's tiny `retry-after`), a registry of `ShopService` and an agent.
 */
import Anthropic from '@anthropic-ai/sdk';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startScriptedServer } from '../../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn, TurnPicker } from '../../testing/types';
import { ToolAgent } from '../ToolAgent';
import type { ToolAgentOptions } from '../types';
import { ShopService } from './ShopService';

export interface Harness {
  server: ScriptedServer;
  client: Anthropic;
  registry: ToolRegistry;
  shop: ShopService;
  agent: ToolAgent;
}

export async function startHarness(
  turns: ScriptedTurn[] | TurnPicker,
  options: Partial<ToolAgentOptions> = {},
): Promise<Harness> {
  const server = await startScriptedServer({ turns });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  const agent = new ToolAgent({ client, registry, model: 'claude-test', ...options });
  return { server, client, registry, shop, agent };
}

/** The content blocks of a recorded request's message. */
export function blocksOf(message: unknown): Record<string, unknown>[] {
  const content = (message as { content: unknown }).content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

/** A text reply. */
export const say = (text: string): ScriptedTurn => ({ content: [{ type: 'text', text }] });

/** A reply calling tools. */
export const use = (
  ...calls: { id: string; name: string; input?: Record<string, unknown>; inputJson?: string }[]
): ScriptedTurn => ({ content: calls.map((call) => ({ type: 'tool_use' as const, ...call })) });
