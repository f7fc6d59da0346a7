/**
 * The diagnostics of a property's ruling: a warning at each decorator the schema cannot say
 * (what the model is and is not told), TW120 at a decorator that refuses every value, TW114 at
 * a property no value satisfies. The reporting phase of `propertyKeywords`.
 */
import type { ts } from '../typescript';
import type { PropertyRuling } from '../../src/schema/propertyRules';
import { hasRefusalWords, refusalWords } from '../../src/schema/refusalWords';
import type { ReadDecorators } from './readDecorators';
import type { SchemaSource } from './SchemaSource';

/** What the model will and will not be told, per decorator the schema cannot say exactly. */
const WORDS: Partial<
  Record<PropertyRuling['unsaid'][number]['why'], (d: string, p: string) => string>
> = {
  conditional: (d, p) =>
    `@${d} on ${p}: the schema makes ${p} optional and leaves out its other decorators' rules, ` +
    `which hold only when the condition does; the model is not told the condition, and class-validator checks it at run time`,
  custom: (d, p) =>
    `@${d} on ${p} is a validator the schema cannot say; the model is not told its rule, ` +
    `and class-validator checks it at run time`,
  reshaped: (d, p) =>
    `@${d} on ${p} changes the value before class-validator sees it, so the schema says nothing of ` +
    `${p}'s value (the model is told only its description); class-validator judges the result at run time`,
  unread: (d, p) =>
    `@${d} on ${p} has an argument codegen cannot read; write it as a literal or a const ` +
    `(the model is not told its rule; class-validator checks it at run time)`,
  options: (d, p) =>
    `@${d} on ${p} has options the schema cannot say, so class-validator may refuse ` +
    `what the schema allows; drop the options, or say the rule with @Matches`,
};

const CODES = {
  conditional: 'TW210',
  custom: 'TW211',
  reshaped: 'TW212',
  unread: 'TW204',
  options: 'TW208',
} as const;

/** Reports what the ruling left unsaid, refused, or found unsatisfiable, at the decorator or the property. */
export function reportRuling(
  builder: SchemaSource,
  ruling: PropertyRuling,
  read: ReadDecorators,
  path: string,
  declaration: ts.PropertyDeclaration | undefined,
  input: boolean,
): void {
  for (const { decorator, why } of ruling.unsaid) {
    const words = WORDS[why];
    if (!words || !(why in CODES)) continue;
    const fact = read.facts.find(
      (f) =>
        (f.kind === 'constraint' ? f.rule.decorator : 'decorator' in f ? f.decorator : '') ===
        decorator,
    );
    const node = fact ? read.at.get(fact) : undefined;
    builder.reportAt(node, CODES[why as keyof typeof CODES], words(decorator, path));
  }
  // TW120 names the decorator and its fix; the same property is then not also TW114.
  const refused = input ? (ruling.refused ?? []).filter(hasRefusalWords) : [];
  for (const refusal of refused) {
    const fact = read.facts.find(
      (f) => f.kind === 'constraint' && f.rule.decorator === refusal.decorator,
    );
    builder.reportAt(fact && read.at.get(fact), 'TW120', refusalWords(refusal, path));
  }
  if (ruling.unsatisfiable && refused.length === 0) {
    builder.reportAt(
      declaration?.name,
      'TW114',
      `no value can satisfy ${path}: ${ruling.unsatisfiable}; fix its decorators or type`,
    );
  }
}
