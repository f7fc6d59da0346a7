/**
 * The decorators of one DTO property in the vocabulary both phases share: codegen reads them
 * from source, the run-time derivation from class-validator's and class-transformer's metadata,
 * and both hand them to `ruleProperty`, the one place that says what they mean.
 */
import type { ConstraintRule } from './constraintTable';
import type { JsonValue } from './JsonSchema';

/** A `@ValidateIf` condition a schema can state exactly: `o.property === equals`. */
export interface Condition {
  property: string;
  equals: JsonValue;
}

/** One decorator on a property, as far as the rules of toolwright care. */
export type DecoratorFact =
  /** A row of the constraint table (`@Min(1)`, `@IsString({ each: true })`). */
  | {
      kind: 'constraint';
      rule: ConstraintRule;
      args: readonly unknown[];
      each: boolean;
      /** `groups` or `always` set: whether it runs depends on how `validate` is called. */
      grouped: boolean;
    }
  /** `@IsOptional()`: `null` and `undefined` skip every other validator of the property. */
  | { kind: 'optional' }
  /** `@IsDefined()`: refuses `null` and `undefined`, whatever else is said. */
  | { kind: 'defined' }
  /** `@Allow()`: whitelisted, nothing checked. */
  | { kind: 'allow' }
  /** `@ValidateNested()`: the nested class's own decorators judge the value (or each element). */
  | { kind: 'nested'; each: boolean }
  /**
   * `@ValidateIf(condition)`: every validator of the property runs only when the condition holds;
   * `when` when codegen read it as "another property equals a value" (`o => o.kind === 'x'`).
   */
  | { kind: 'conditional'; decorator: string; when?: Condition }
  /** A validator toolwright has no row for: `registerDecorator`, `@Validate(Constraint)`, a built-in it does not map. */
  | { kind: 'custom'; decorator: string }
  /** `@Transform`, `@Exclude`, `@Expose`: `plainToInstance` changes the value before class-validator sees it. */
  | { kind: 'reshaped'; decorator: string }
  /** A known decorator whose arguments codegen cannot read (not a literal or a const). */
  | { kind: 'unread'; decorator: string };

/** The kind tags of `DecoratorFact`. */
export type DecoratorKind = DecoratorFact['kind'];

/** True when validation options make a constraint depend on how `validate` is called. */
export function isGrouped(options: unknown): boolean {
  if (options === null || typeof options !== 'object') return false;
  const { groups, always } = options as { groups?: unknown; always?: unknown };
  return (Array.isArray(groups) && groups.length > 0) || always === true;
}
