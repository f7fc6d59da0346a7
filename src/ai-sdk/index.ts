/**
 * `toolwright/ai-sdk`: toolwright tools inside the Vercel AI SDK (`ai`, an optional peer
 * dependency: only this entry loads it). Validation, approvals, time limits and aborts hold as in
 * `ToolAgent`.
 * @example
 * import { toAiSdkTools } from 'toolwright/ai-sdk';
 * const result = await generateText({ model, tools: toAiSdkTools(registry), prompt });
 */
import './requirePeers';
export { toAiSdkTools } from './toAiSdkTools';
export type { AiSdkToolSource, AiSdkToolsOptions } from './toAiSdkTools';
