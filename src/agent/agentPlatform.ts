/**
 * Which platform an agent's client reaches: the Claude API, Amazon Bedrock or Vertex AI. Read
 * from the client's own settings (`AnthropicBedrock` has `awsRegion`, `AnthropicVertex` has
 * `projectId`), not from class names, which a minifier renames; neither platform SDK is loaded
 * to ask. Worked out once per agent, for the features a platform does not offer (compaction,
 * programmatic tool calling).
 */

/** The platform behind a client. */
export type AgentPlatform = 'anthropic' | 'bedrock' | 'vertex';

/** The platforms' names, as errors say them. */
export const PLATFORM_NAMES: Record<AgentPlatform, string> = {
  anthropic: 'the Claude API',
  bedrock: 'Amazon Bedrock',
  vertex: 'Vertex AI',
};

/**
 * The platform of `client`.
 * @example
 * platformOf(new AnthropicBedrock({ awsRegion: 'us-east-1' })); // 'bedrock'
 */
export function platformOf(client: object): AgentPlatform {
  if ('awsRegion' in client) return 'bedrock';
  if ('projectId' in client && 'region' in client) return 'vertex';
  return 'anthropic';
}
