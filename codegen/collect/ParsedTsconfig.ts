/**
 * A tsconfig as codegen reads it, in a module of its own: `loadProgram` parses it, and
 * `leanProgram` (which `loadProgram` imports) and `loadProject` read it.
 */
import type { ts } from '../typescript';

/** A parsed tsconfig: its root files and its options as codegen reads them. */
export interface ParsedTsconfig {
  fileNames: string[];
  options: ts.CompilerOptions;
  /** Whether the tsconfig itself lists `types` and `lib` (else TypeScript's defaults apply). */
  declares: { types: boolean; lib: boolean };
}
