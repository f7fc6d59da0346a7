/**
 * Decides, once per `@Params` DTO at `register()`, whether the schema gate already judges every
 * class-validator constraint of it exactly (so `validate` would only repeat the verdict) or
 * whether some constraint says more than the schema can (a custom validator, `@ValidateIf`,
 * `@Transform`, `@Matches`' non-Unicode regex, a URL or UUID check, options), in which case
 * class-validator runs. The verdict is the shared rule set's (`ruleProperty`), through the same
 * derivation that makes a DTO's schema without a manifest.
 */
import { deriveDto } from '../derive/deriveDtoSchema';
import { DEFAULT_PIPE } from './pipeOptions';
import type { PipeSettings } from './pipeOptions';

type Ctor = abstract new (...args: never[]) => unknown;

/** True when the schema gate judges every constraint of the class (and its nested classes) exactly. */
export const judgedBySchema = (cls: Ctor): boolean => deriveDto(cls).exact;

/**
 * Whether the schema gate judges the class exactly, and why a decorator of it refuses every value
 * its property can be sent (what codegen reports as TW120), per such decorator.
 */
export function coverageOf(
  cls: Ctor,
  pipe: PipeSettings = DEFAULT_PIPE,
): { exact: boolean; refused: string[] } {
  const { exact, refused } = deriveDto(cls, { implicitConversion: pipe.implicitConversion });
  return { exact, refused };
}
