/**
 * The TypeScript compiler codegen reads projects with: the one bundled in `@ts-morph/common`,
 * which is the very `ts` that ts-morph re-exports. Codegen modules import it from here, so the
 * cold CLI run loads the compiler without loading ts-morph itself (only `--watch` and the
 * library's `loadProject` need ts-morph's `Project`). An alias rather than a re-export: it
 * compiles to a plain property, not a getter run on every `ts.` in codegen's hot paths.
 *
 * A compiler plugin reads the program the user's own `typescript` built, whose `SyntaxKind` and
 * flag numbers differ from the bundled compiler's: `withCompiler` points that one property at the
 * host's module for the extraction, so every `ts.` of the shared extraction code reads the
 * compiler that made the nodes (CommonJS reads `typescript_1.ts` at each use).
 */
import { ts as compiler } from '@ts-morph/common';

export import ts = compiler;

/** A TypeScript compiler module: the bundled one, or the one a host build hands over. */
export type Compiler = typeof compiler;

/** This module's exports object, whose `ts` property every codegen module reads at each use. */
const self = exports as { ts: Compiler };

/**
 * Runs `run` with `host` as the compiler codegen calls, then restores the bundled one.
 * @example
 * const result = withCompiler(hostTs, () => extractToolFile(sourceFile, context));
 */
export function withCompiler<T>(host: Compiler, run: () => T): T {
  const previous = self.ts;
  self.ts = host;
  try {
    return run();
  } finally {
    self.ts = previous;
  }
}
