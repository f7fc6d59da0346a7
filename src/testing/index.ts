/**
 * `toolwright/testing`: a scripted Messages API server for testing agents offline with the real
 * `@anthropic-ai/sdk` client over HTTP; the same server answers the Amazon Bedrock and Vertex AI
 * routes of `AnthropicBedrock` and `AnthropicVertex`.
 * @example
 * import { startScriptedServer } from 'toolwright/testing';
 * const server = await startScriptedServer({ turns: [{ content: [{ type: 'text', text: 'Hi' }] }] });
 * const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });
 */
export { startScriptedServer } from './startScriptedServer';
export { checkPairing } from './checkPairing';
export { checkStrictTools, strictSubsetProblems } from './strictSubset';
export type { StrictSubset } from './strictSubset';
export { checkSearchResults, searchResultsOf } from './searchResults';
export type { RecordedSearchResult } from './searchResults';
export { checkToolSearch } from './checkToolSearch';
export { toolSearchBlocks } from './toolSearchBlocks';
export type { ScriptedToolSearch } from './toolSearchBlocks';
export type {
  RecordedRequest,
  ScriptedBlock,
  ScriptedError,
  ScriptedOtherBlock,
  ScriptedPlatform,
  ScriptedReply,
  ScriptedSearchResultCitation,
  ScriptedServer,
  ScriptedServerOptions,
  ScriptedStreamOptions,
  ScriptedTextBlock,
  ScriptedToolUseBlock,
  ScriptedTurn,
  TurnPicker,
} from './types';
