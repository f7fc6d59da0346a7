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
export { checkProgrammatic } from './checkProgrammatic';
export type { ProgrammaticRequest } from './checkProgrammatic';
export { checkStrictTools, strictSubsetProblems } from './strictSubset';
export type { StrictSubset } from './strictSubset';
export { checkSearchResults, searchResultsOf } from './searchResults';
export type { RecordedSearchResult } from './searchResults';
export { approxTokens, requestTokens } from './promptSegments';
export type { PromptBody } from './promptSegments';
export type { PromptCacheOptions } from './promptCache';
export { CLEARED_TOOL_RESULT } from './contextEditing';
export { COMPACTION_BETA, CONTEXT_MANAGEMENT_BETA } from './contextManagement';
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
