/**
 * Which project files codegen scans for `@Tool` methods: the project's own TypeScript sources,
 * never declaration files nor installed packages.
 */

/** Whether codegen scans `fileName` (a `/`-separated path) for tools. */
export const isToolCandidate = (fileName: string): boolean =>
  !fileName.endsWith('.d.ts') &&
  !fileName.includes('/node_modules/') &&
  /\.(c|m)?tsx?$/.test(fileName);
