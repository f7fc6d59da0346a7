/**
 * The TypeScript compiler codegen reads projects with: the one bundled in `@ts-morph/common`,
 * which is the very `ts` that ts-morph re-exports. Codegen modules import it from here, so the
 * cold CLI run loads the compiler without loading ts-morph itself (only `--watch` and the
 * library's `loadProject` need ts-morph's `Project`). An alias rather than a re-export: it
 * compiles to a plain property, not a getter run on every `ts.` in codegen's hot paths.
 */
import { ts as compiler } from '@ts-morph/common';

export import ts = compiler;
