/**
 * The guarantee matrix's rows (the entry points that serve a model's calls) and columns (what
 * holds on each), with each cell deliberately not applicable and why. The matrix suite drives
 * every other cell; the README's "What holds where" table is checked against this.
 */

/** The entry points, in the README's order. */
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
export type RowName = (typeof ROWS)[number];

/** The guarantees, in the README's order. */
export const COLUMNS = [
  'invalid input refused, naming the path',
  'unknown tool refused',
  'scope refused',
  'ctx.caller is the caller',
  'approval asked or refused',
  "the tool's timeoutMs bounds the wait",
  'result shaped to the declared schema',
  'an error leaks no stack',
] as const;
export type ColumnName = (typeof COLUMNS)[number];

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
