/**
 * Which platform an agent's client calls: the Claude API (`Anthropic`, or any client of the same
 * shape), Amazon Bedrock (`AnthropicBedrock`) or Vertex AI (`AnthropicVertex`). Told by the class
 * names on the client's prototype chain, so neither platform SDK is loaded to ask.
 */
import type { AgentClient } from '../types';

/** The platforms the official clients call. */
export type ClientPlatform = 'anthropic' | 'bedrock' | 'vertex';

/** The class names of the platform clients (and of their subclasses' ancestors). */
const PLATFORM_CLASSES: Record<string, ClientPlatform> = {
  AnthropicBedrock: 'bedrock',
  AnthropicVertex: 'vertex',
};

/** The platform `client` calls (the Claude API unless it is a Bedrock or Vertex client). */
export function clientPlatform(client: AgentClient): ClientPlatform {
  for (let proto = Object.getPrototypeOf(client) as object | null; proto;) {
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === 'string' && PLATFORM_CLASSES[name]) return PLATFORM_CLASSES[name];
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return 'anthropic';
}
