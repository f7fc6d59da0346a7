/**
 * The vocabulary of strict tool use: which provider's grammar a schema is projected for, and what
 * a projection gives (the schema sent with `strict: true`, or the reason the tool goes out
 * non-strict). Kept apart so the wire formats, the registry and codegen share one shape.
 */
import type { JsonSchema } from '../JsonSchema';

/** A provider with grammar-constrained (strict) tool use: Claude's or OpenAI's. */
export type StrictProvider = 'anthropic' | 'openai';

/** Counts the Messages API limits across all strict tools of a request. */
export interface StrictSchemaStats {
  /** Properties not in their object's `required` (the API allows 24 across a request's strict tools). */
  optionalProperties: number;
  /** Schemas with `anyOf` or a type array (the API allows 16 across a request's strict tools). */
  unions: number;
}

/** A schema inside the provider's strict subset, with every dropped constraint in a `description`. */
export interface StrictSchema {
  /** Tells this outcome from `NotStrict`. */
  strict: true;
  /** The projected schema, sent with `strict: true`. */
  schema: JsonSchema;
  /** What this schema counts against the request's strict limits. */
  stats: StrictSchemaStats;
}

/** A schema strict mode cannot take: the tool is sent non-strict, for `reason`. */
export interface NotStrict {
  /** Tells this outcome from `StrictSchema`. */
  strict: false;
  /** Plain words, naming where: `children: recursive type "Category" (...)`. */
  reason: string;
}

/** What projecting one tool's input schema gives. */
export type StrictProjection = StrictSchema | NotStrict;
