/**
 * `toolwright/langchain`: toolwright tools inside LangChain.js (`@langchain/core`, an optional peer
 * dependency: only this entry loads it). Each call is validated and run by the registry; errors
 * reach the model as LangChain reports them (`ToolMessage` with `status: 'error'`), and
 * `checkToolCalls` sorts a reply's calls into `tool_calls` and `invalid_tool_calls`.
 * @example
 * import { toLangChainTools } from 'toolwright/langchain';
 * const model = chatModel.bindTools(toLangChainTools(registry));
 */
import './requirePeers';
export { toLangChainTools } from './toLangChainTools';
export { checkToolCalls } from './checkToolCalls';
export type { CheckedToolCalls } from './checkToolCalls';
export { RegistryTool } from './RegistryTool';
export type { LangChainToolSource, LangChainToolsOptions } from './types';
