/**
 * The guarantee matrix's rows (the entry points that serve a model's calls) and columns (what
 * holds on each), with each cell deliberately not applicable and why. The matrix suite drives
 * every other cell; the "What holds where" table (docs/agent.md) is checked against this.
 */

/** The entry points the matrix suite drives in its own process, in the table's order. */
export const ROWS = [
  'agent run',
  'agent stream',
  'agent manual',
  'MCP 2025 (SDK 1.x client)',
  'MCP 2026 (SDK 2.x client)',
  'callOpenAI',
  'AI SDK',
  'LangChain',
  'toRunnableTools',
] as const;
export type InProcessRowName = (typeof ROWS)[number];

/**
 * The entry points whose tool runs in a worker process on a real redis-server, driven by
 * `guaranteeMatrixJobs.test.ts`: a long-running tool's call (`callOpenAI` on a registry with
 * jobs) and a task-augmented MCP `tools/call`.
 */
export const PROCESS_ROWS = ['jobs worker', 'MCP task (SDK 1.x client)'] as const;
export type ProcessRowName = (typeof PROCESS_ROWS)[number];

/** Every entry point, in the table's order. */
export const ALL_ROWS = [...ROWS, ...PROCESS_ROWS] as const;
export type RowName = (typeof ALL_ROWS)[number];

/** The guarantees, in the table's order. */
export const COLUMNS = [
  'invalid input refused, naming the path',
  'unknown tool refused',
  'scope refused',
  'ctx.caller is the caller',
  'approval asked or refused',
  "the tool's timeoutMs bounds the wait",
  "the caller's signal bounds the wait",
  'result shaped to the declared schema',
  'an error leaks no stack',
] as const;
export type ColumnName = (typeof COLUMNS)[number];

/** Each column's header in the "What holds where" table (docs/agent.md). */
export const HEADERS: Record<ColumnName, string> = {
  'invalid input refused, naming the path': 'Invalid input',
  'unknown tool refused': 'Unknown tool',
  'scope refused': 'Scopes, roles',
  'ctx.caller is the caller': '`ctx.caller`',
  'approval asked or refused': 'Approval',
  "the tool's timeoutMs bounds the wait": '`timeoutMs`',
  "the caller's signal bounds the wait": 'Signal',
  'result shaped to the declared schema': 'Result shaped',
  'an error leaks no stack': 'No stack',
};

/** Each row's name in the table (how an app reaches it). */
export const ENTRY_POINTS: Record<RowName, string> = {
  'agent run': '`ToolAgent.run`',
  'agent stream': '`ToolAgent.stream`',
  'agent manual': '`ToolAgent.step` + `resolve`',
  'MCP 2025 (SDK 1.x client)': 'MCP 2025-11-25 (SDK 1.x client)',
  'MCP 2026 (SDK 2.x client)': 'MCP 2026-07-28 (SDK 2.x client)',
  callOpenAI: '`registry.callOpenAI`',
  'AI SDK': '`toAiSdkTools`',
  LangChain: '`toLangChainTools`',
  toRunnableTools: '`registry.toRunnableTools`',
  'jobs worker': 'a `longRunning` tool in the jobs worker',
  'MCP task (SDK 1.x client)': 'MCP task-augmented `tools/call` (SDK 1.x client)',
};

/** The cells deliberately not applicable, with the reason. */
export const NOT_APPLICABLE: Partial<Record<RowName, Partial<Record<ColumnName, string>>>> = {
  LangChain: {
    'unknown tool refused':
      "the app's loop looks a tool up by name; a name with no tool never reaches toolwright",
  },
  toRunnableTools: {
    'unknown tool refused':
      "the SDK's toolRunner answers a name it was not given; toolwright never sees the call",
  },
};

/** The reason a cell is not applicable, or undefined when the matrix drives it. */
export const notApplicable = (row: RowName, column: ColumnName): string | undefined =>
  NOT_APPLICABLE[row]?.[column];

/** A cell as the table shows it: `yes`, or `n/a` (with its reason below the table). */
export const cellText = (row: RowName, column: ColumnName): string =>
  notApplicable(row, column) ? 'n/a' : 'yes';
