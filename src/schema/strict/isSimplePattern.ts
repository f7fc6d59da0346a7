/**
 * Whether a `pattern` is inside the regular-expression subset of strict grammars: anchors,
 * literal characters, classes and ranges, `.` `\d` `\w` `\s`, groups, alternation, and greedy
 * `* + ? {n,m}` with small bounds. Backreferences, lookaround, `\b`, Unicode property escapes,
 * lazy quantifiers, `\u{…}` code points and large counts are outside it (Claude's documentation
 * lists the first three and "complex quantifiers with large ranges"; the rest are kept out so
 * that no engine has to guess). Parsed with regexpp (ESLint's parser), not by hand.
 */
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import type { Node } from '@eslint-community/regexpp/ast';

/** The largest count a `{n,m}` quantifier may name (our choice: no provider publishes one). */
export const MAX_SIMPLE_REPEAT = 100;

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** A plain character, or one of the escapes every engine reads the same way. */
const SIMPLE_CHARACTER = /^(?:[^\\]|\\[\\/^$.|?*+()[\]{}\-nrtf]|\\u[0-9a-fA-F]{4})$/;

function simpleNode(node: Node): boolean {
  switch (node.type) {
    case 'Assertion':
      return node.kind === 'start' || node.kind === 'end';
    case 'Backreference':
      return false;
    case 'CapturingGroup':
      return node.name === null;
    case 'Character':
      return SIMPLE_CHARACTER.test(node.raw);
    case 'CharacterClass':
      return !node.unicodeSets;
    case 'CharacterSet':
      return (
        node.kind === 'any' ||
        node.kind === 'digit' ||
        node.kind === 'space' ||
        node.kind === 'word'
      );
    case 'Quantifier':
      return (
        node.greedy &&
        node.min <= MAX_SIMPLE_REPEAT &&
        (node.max === Infinity || node.max <= MAX_SIMPLE_REPEAT)
      );
    case 'Alternative':
    case 'Group':
    case 'Pattern':
    case 'CharacterClassRange':
      return true;
    default:
      return false;
  }
}

const CACHE = new Map<string, boolean>();

/** True when every part of `pattern` (read as JSON Schema reads it, with `u`) is in the simple subset. */
export function isSimplePattern(pattern: string): boolean {
  let simple = CACHE.get(pattern);
  if (simple !== undefined) return simple;
  simple = true;
  try {
    const ast = parser.parsePattern(pattern, undefined, undefined, { unicode: true });
    const check = (node: Node): void => {
      if (!simpleNode(node)) simple = false;
    };
    visitRegExpAST(ast, {
      onAssertionEnter: check,
      onBackreferenceEnter: check,
      onCapturingGroupEnter: check,
      onCharacterEnter: check,
      onCharacterClassEnter: check,
      onCharacterSetEnter: check,
      onQuantifierEnter: check,
      onClassIntersectionEnter: check,
      onClassSubtractionEnter: check,
      onClassStringDisjunctionEnter: check,
      onExpressionCharacterClassEnter: check,
      onModifiersEnter: check,
    });
  } catch {
    simple = false;
  }
  CACHE.set(pattern, simple);
  return simple;
}
