/**
 * The manifest of the SQL tools, generated from `SqlTools` at the library's build
 * (`toolwright codegen -p src/sql/tsconfig.tools.json -o src/sql/tools.manifest.json`) and
 * checked by `codegen --check` in CI; JSON so the build ships it without resolving `toolwright`.
 */
import type { ToolManifest } from '../manifest/types';
import generated from './tools.manifest.json';

/** The shipped manifest of `list_tables`, `describe_table` and `run_query`. */
export const sqlManifest = generated as unknown as ToolManifest;
