/**
 * Reads one DTO property's decorators from class-validator's metadata storage and
 * class-transformer's, as the facts `ruleProperty` takes: the run-time twin of what codegen
 * reads from source, so both phases hand the same facts to the same rules.
 */
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ruleForValidator } from '../schema/constraintTable';
import type { DecoratorFact } from '../schema/decoratorFacts';
import { reshapersOf } from './nestedTypeOf';

/** The decorator a custom validator was registered as, for the words of a warning. */
const customName = (meta: ValidationMetadata): string =>
  meta.name ?? (meta.constraintCls as { name?: string } | undefined)?.name ?? 'a custom validator';

function factOf(meta: ValidationMetadata): DecoratorFact | undefined {
  switch (meta.type) {
    case 'conditionalValidation':
      return meta.name === 'isOptional'
        ? { kind: 'optional' }
        : { kind: 'conditional', decorator: 'ValidateIf' };
    case 'nestedValidation':
      return { kind: 'nested', each: Boolean(meta.each) };
    case 'whitelistValidation':
      return { kind: 'allow' };
    case 'isDefined':
      return { kind: 'defined' };
    case 'customValidation': {
      const rule = meta.name ? ruleForValidator(meta.name) : undefined;
      if (!rule) return { kind: 'custom', decorator: customName(meta) };
      return {
        kind: 'constraint',
        rule,
        args: meta.constraints ?? [],
        each: Boolean(meta.each),
        grouped: (meta.groups?.length ?? 0) > 0 || Boolean(meta.always),
      };
    }
    default:
      return { kind: 'custom', decorator: customName(meta) };
  }
}

/** The facts of one property of `target`, from its validation metadata and its class-transformer metadata. */
export function readDecoratorFacts(
  target: unknown,
  property: string,
  metas: readonly ValidationMetadata[],
): DecoratorFact[] {
  const facts = metas.map(factOf).filter((fact): fact is DecoratorFact => fact !== undefined);
  for (const decorator of reshapersOf(target, property))
    facts.push({ kind: 'reshaped', decorator });
  return facts;
}
