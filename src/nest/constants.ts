/** Injection tokens of the Nest module, in one place so tests and apps can override them. */

/** The options given to `ToolwrightModule.forRoot()` (or produced by `forRootAsync`'s factory). */
export const TOOLWRIGHT_OPTIONS = Symbol('toolwright:options');

/**
 * The Anthropic client the provided `ToolAgent` talks through; default `new Anthropic()`
 * (reads `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`). Override it in tests:
 * `Test.createTestingModule(...).overrideProvider(ANTHROPIC_CLIENT).useValue(client)`.
 */
export const ANTHROPIC_CLIENT = Symbol('toolwright:anthropic-client');

/** The options of `SqlToolsModule.forRoot()` / `forRootAsync()`. */
export const SQL_TOOLS_OPTIONS = Symbol('toolwright:sql-tools-options');

/** The `ToolRegistry` holding the SQL tools that `SqlToolsModule` provides. */
export const SQL_REGISTRY = Symbol('toolwright:sql-registry');

/** The MCP endpoint's handler (`McpHttpHandler`) that `ToolwrightMcpModule` builds from the app's registry. */
export const MCP_HANDLER = Symbol('toolwright:mcp-handler');

/** The options of `ToolwrightMcpModule.forRoot()` / `forRootAsync()`. */
export const MCP_OPTIONS = Symbol('toolwright:mcp-options');

/** The options of `SearchToolsModule.forRoot()` / `forRootAsync()`. */
export const SEARCH_TOOLS_OPTIONS = Symbol('toolwright:search-tools-options');
