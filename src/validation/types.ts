/**
 * The validation layer's own vocabulary: the limits on what the model may send, and the plan a
 * tool's input is checked by. Kept here, below the registry, so validation depends on nothing
 * above it; the registry re-exports `InputLimits` as part of its options.
 */
import type { ObjectSchema } from '../schema/JsonSchema';
import type { PipeSettings } from './pipeOptions';

/** Limits on what the model may send, enforced before anything recursive touches the input. */
export interface InputLimits {
  /** Largest input in bytes (UTF-8 of the JSON text, or an estimate for objects). Default 1 MB. */
  maxInputBytes: number;
  /** Deepest nesting of arrays and objects. Default 64. */
  maxDepth: number;
  /** Longest error text the model is sent. Default 2,000 characters. */
  maxErrorLength: number;
}

/** A class the input (or part of it) is transformed into with `plainToInstance`. */
export type ArgumentClass = new () => object;

/**
 * What class-validator does for a tool, decided once at registration: the schema gate judges
 * everything it can say; class-validator runs only for the rest.
 * - `dto`: the input becomes an instance of the `@Params` class; `validate` is false when the
 *   schema gate already judges every one of its constraints exactly.
 * - `named`: only the properties in `names` (a `Date`, a DTO class) go through the class.
 */
export type ClassValidation =
  | { kind: 'dto'; argumentClass: ArgumentClass; validate: boolean }
  | { kind: 'named'; argumentClass: ArgumentClass; names: readonly string[] };

/** How one tool's input is checked. */
export interface InputPlan {
  schema: ObjectSchema;
  /** The `ValidationPipe` settings the input is validated with; default: toolwright's own. */
  pipe?: PipeSettings;
  /** Absent: the schema gate alone judges, and the arguments are the checked input. */
  classValidation?: ClassValidation;
}
