/**
 * The platform clients pointed at a scripted server, with test credentials: Bedrock signs each
 * request with SigV4 from static keys (no credential chain, no network), Vertex takes its OAuth
 * token from a google-auth-library client that already holds one.
 */
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { OAuth2Client } from 'google-auth-library';

/** Client options the tests vary. */
export interface PlatformClientOptions {
  maxRetries?: number;
  defaultHeaders?: Record<string, string>;
}

/** `AnthropicBedrock` on the scripted server, signing with test keys. */
export function bedrockClient(url: string, options: PlatformClientOptions = {}): AnthropicBedrock {
  return new AnthropicBedrock({
    baseURL: url,
    awsRegion: 'us-east-1',
    awsAccessKey: 'AKIDTESTTESTTEST',
    awsSecretKey: 'test-secret-key',
    apiKey: null,
    maxRetries: 2,
    ...options,
  });
}

/** `AnthropicVertex` on the scripted server, with a test OAuth token. */
export function vertexClient(url: string, options: PlatformClientOptions = {}): AnthropicVertex {
  return new AnthropicVertex({
    baseURL: `${url}/v1`,
    region: 'us-east5',
    projectId: 'test-project',
    authClient: new OAuth2Client({ credentials: { access_token: 'test-token' } }),
    maxRetries: 2,
    ...options,
  });
}

/** Model ids as each platform names them. */
export const PLATFORM_MODELS = {
  bedrock: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  vertex: 'claude-sonnet-4-5@20250929',
} as const;
