/** The registry's tools as LangChain.js tools, for `model.bindTools()`, agents and `ToolNode`. */
import { listedFor } from '../pipeline/listedFor';
import { RegistryTool } from './RegistryTool';
import type { LangChainToolSource, LangChainToolsOptions } from './types';

/**
 * Every tool of the registry as a LangChain `StructuredTool` (its JSON Schema shown to the model,
 * each call validated and run by the registry). Given a `caller`, only the tools it may use
 * (`listedFor`); without one every tool, and a scoped tool's call is refused.
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
  const all = registry.list();
  const listed = options.caller ? listedFor(all, registry, options.caller) : all;
  return listed.map((info) => new RegistryTool(registry, info, options));
}
