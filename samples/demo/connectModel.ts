/**
 * Chooses who plays the model in the demo: the real Messages API when `ANTHROPIC_API_KEY`
 * is set, otherwise the testing kit's scripted server on loopback (no network at all).
 */
import Anthropic from '@anthropic-ai/sdk';
import { startScriptedServer } from 'toolwright/testing';
import { SAMPLE_MODEL } from '../model';
import { scriptedModel } from './scriptedModel';

/** A client, the model to ask, a line saying which, and how to shut it down. */
export interface ModelConnection {
  client: Anthropic;
  model: string;
  description: string;
  close(): Promise<void>;
}

/**
 * The real API with a key (unless `scripted` is asked for), else the scripted server.
 * Bounded timeouts either way.
 */
export async function connectModel(scripted = false): Promise<ModelConnection> {
  if (process.env.ANTHROPIC_API_KEY && !scripted) {
    return {
      client: new Anthropic({ timeout: 30_000, maxRetries: 1 }),
      model: SAMPLE_MODEL,
      description: `Anthropic API, model ${SAMPLE_MODEL}`,
      close: async () => undefined,
    };
  }
  const server = await startScriptedServer({ turns: scriptedModel });
  return {
    client: new Anthropic({
      apiKey: 'scripted',
      baseURL: server.url,
      timeout: 10_000,
      maxRetries: 0,
    }),
    model: 'scripted-model',
    description: `scripted model, no network (testing kit server at ${server.url}; set ANTHROPIC_API_KEY to use Claude)`,
    close: () => server.close(),
  };
}
