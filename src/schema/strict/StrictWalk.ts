/**
 * The state one strict projection carries through its walk: the provider's rules, the `$defs`
 * and which of them are recursive, and the running counts the provider's limits apply to. A type
 * of its own so the walk's parts (`projectKeyword`, `projectStrictSchema`) share it.
 */
import type { JsonSchema } from '../JsonSchema';
import type { StrictRules } from './strictRules';
import type { StrictSchemaStats } from './types';

/** The state of one projection. */
export interface StrictWalk {
  rules: StrictRules;
  defs: Record<string, JsonSchema>;
  /** The `$defs` on a cycle (a type that contains itself): never inlined. */
  cyclic: ReadonlySet<string>;
  /** Recursive `$defs` the output refers to (OpenAI). */
  needed: Set<string>;
  stats: StrictSchemaStats;
  properties: number;
  enumValues: number;
}
