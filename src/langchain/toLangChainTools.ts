/** The registry's tools as LangChain.js tools, for `model.bindTools()`, agents and `ToolNode`. */
import { RegistryTool } from './RegistryTool';
import type { LangChainToolSource, LangChainToolsOptions } from './types';

/**
 * Every tool of the registry as a LangChain `StructuredTool` (its JSON Schema shown to the model,
 * each call validated and run by the registry).
 * @example
 * import { toLangChainTools } from 'toolwright/langchain';
 * const tools = toLangChainTools(registry);
 * const reply = await model.bindTools(tools).invoke(messages);
 * for (const call of reply.tool_calls ?? []) messages.push(await byName[call.name].invoke(call));
 */
export function toLangChainTools<State = unknown>(
  registry: LangChainToolSource,
  options: LangChainToolsOptions<State> = {},
): RegistryTool[] {
  return registry.list().map((info) => new RegistryTool(registry, info, options));
}
