/**
 * `toolSearch` checked once, when the agent is made: a bad kind, threshold or result count is a
 * `ToolwrightError` naming the option, and the XML format (which has no `defer_loading` and no
 * `tool_reference`) is refused.
 */
import { ToolwrightError } from '../../errors/ToolwrightError';
import { isValidToolName } from '../../naming/toolName';
import type { ToolSearchKind, ToolSearchOptions, ToolSearcher } from './ToolSearchOptions';
import type { AgentPlatform } from '../agentPlatform';

/** The settings `buildRequest` and the search tool read. */
export interface ToolSearchSettings {
  kind: ToolSearchKind;
  threshold: number;
  alwaysLoaded: ReadonlySet<string>;
  maxResults: number;
  toolName: string;
  index?: ToolSearcher | Promise<ToolSearcher>;
}

const KINDS: readonly ToolSearchKind[] = ['bm25', 'regex', 'client'];

const fail = (message: string): never => {
  throw new ToolwrightError(`ToolAgent: toolSearch.${message}`);
};

/** The checked settings, or undefined when tool search is off. */
export function resolveToolSearch(
  options: ToolSearchOptions | undefined,
  format: string,
): ToolSearchSettings | undefined {
  if (options === undefined) return undefined;
  if (!KINDS.includes(options.kind)) {
    fail(`kind must be 'bm25', 'regex' or 'client', got ${JSON.stringify(options.kind)}`);
  }
  if (format !== 'anthropic') {
    fail(`kind needs format 'anthropic': the ${format} format has no deferred tools`);
  }
  const threshold = options.threshold ?? 0;
  if (!Number.isInteger(threshold) || threshold < 0) {
    fail(`threshold must be a whole number of tools (0 or more), got ${threshold}`);
  }
  const maxResults = options.maxResults ?? 5;
  if (!Number.isInteger(maxResults) || maxResults < 1) {
    fail(`maxResults must be a positive integer, got ${maxResults}`);
  }
  const toolName = options.toolName ?? 'search_tools';
  if (!isValidToolName(toolName)) {
    fail(`toolName must match ^[a-zA-Z0-9_-]{1,64}$, got ${JSON.stringify(toolName)}`);
  }
  return {
    kind: options.kind,
    threshold,
    alwaysLoaded: new Set(options.alwaysLoaded ?? []),
    maxResults,
    toolName,
    index: options.index,
  };
}

/**
 * The beta the hosted tool search needs on `platform`: none on the Claude API (the feature is
 * generally available there; the SDK's types hold it outside the betas), and
 * `tool-search-tool-2025-10-19` on Amazon Bedrock and Vertex AI, as the tool search tool's
 * documentation lists it per provider. The client-side search is a custom tool: no beta.
 */
export function toolSearchBetas(
  settings: ToolSearchSettings | undefined,
  platform: AgentPlatform,
): string[] {
  if (!settings || settings.kind === 'client' || platform === 'anthropic') return [];
  return ['tool-search-tool-2025-10-19'];
}
