/**
 * The plain words for a constraint (`at most 40 characters`, `an integer from 1 to 10`,
 * `matches ^ord_\d+$`): one table from keyword family to text, the only one. A strict projection
 * words what it drops, so the model is still told what the registry's gate will enforce; the
 * legacy XML prompt words every constraint a parameter has. Related keywords (a minimum and a
 * maximum) are worded together.
 */
import type { JsonSchema, JsonValue } from '../JsonSchema';
import { patternWords } from '../patternWords';
import { typesOf } from '../typesOf';

/** The keywords dropped from one schema node, with their values. */
export type Dropped = Partial<Record<string, unknown>>;

/** How a `format` reads when the grammar cannot carry it. */
const FORMAT_NOUNS: Record<string, string> = {
  email: 'an email address',
  uri: 'a URI (such as https://example.com/path)',
  'date-time': 'an ISO 8601 date-time (such as 2024-01-31T09:30:00Z)',
  date: 'an ISO 8601 date (YYYY-MM-DD)',
  time: 'an ISO 8601 time (hh:mm:ss)',
  duration: 'an ISO 8601 duration (such as P3D)',
  uuid: 'a UUID',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

const json = (value: unknown): string => JSON.stringify(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
/** `1 character`, `2 characters`, `3 properties`: the unit's plural is given where `s` is wrong. */
const plural = (n: number, unit: string, units = `${unit}s`): string =>
  `${n} ${n === 1 ? unit : units}`;

/** `from 3 to 40 characters`, `at most 40 characters`, `exactly 5 items`. */
function countWords(
  min: number | undefined,
  max: number | undefined,
  unit: string,
  units?: string,
): string[] {
  if (min !== undefined && max !== undefined) {
    return [
      min === max
        ? `exactly ${plural(min, unit, units)}`
        : `from ${min} to ${plural(max, unit, units)}`,
    ];
  }
  if (min !== undefined) return [`at least ${plural(min, unit, units)}`];
  if (max !== undefined) return [`at most ${plural(max, unit, units)}`];
  return [];
}

/** `an integer from 1 to 10`, `a number greater than 0 and at most 99.5`. */
function rangeWords(dropped: Dropped, node: JsonSchema): string[] {
  const [min, max] = [num(dropped.minimum), num(dropped.maximum)];
  const [above, below] = [num(dropped.exclusiveMinimum), num(dropped.exclusiveMaximum)];
  if ([min, max, above, below].every((v) => v === undefined)) return [];
  const noun = typesOf(node).includes('integer') ? 'an integer' : 'a number';
  if (min !== undefined && max !== undefined && above === undefined && below === undefined) {
    return [`${noun} from ${min} to ${max}`];
  }
  const parts = [
    ...(min !== undefined ? [`at least ${min}`] : []),
    ...(above !== undefined ? [`greater than ${above}`] : []),
    ...(max !== undefined ? [`at most ${max}`] : []),
    ...(below !== undefined ? [`less than ${below}`] : []),
  ];
  return [`${noun} ${parts.join(' and ')}`];
}

/** One keyword family: the keywords it reads, and its words. */
interface WordRule {
  keywords: readonly string[];
  words: (dropped: Dropped, node: JsonSchema) => string[];
}

const patterns = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

/** The families, in the order their words are written. */
const WORD_RULES: readonly WordRule[] = [
  {
    keywords: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
    words: rangeWords,
  },
  { keywords: ['multipleOf'], words: (d) => [`a multiple of ${String(d.multipleOf)}`] },
  {
    keywords: ['minLength', 'maxLength'],
    words: (d) => countWords(num(d.minLength), num(d.maxLength), 'character'),
  },
  {
    keywords: ['format'],
    words: (d) => [FORMAT_NOUNS[String(d.format)] ?? `in the "${String(d.format)}" format`],
  },
  {
    keywords: ['pattern'],
    words: (d) => patterns(d.pattern).map((p) => patternWords(p) ?? `matches ${p}`),
  },
  {
    keywords: ['minItems', 'maxItems'],
    words: (d) => countWords(num(d.minItems), num(d.maxItems), 'item'),
  },
  {
    keywords: ['uniqueItems'],
    words: (d) => (d.uniqueItems === true ? ['no duplicate items'] : []),
  },
  {
    keywords: ['minProperties', 'maxProperties'],
    words: (d) => countWords(num(d.minProperties), num(d.maxProperties), 'property', 'properties'),
  },
  { keywords: ['oneOf'], words: () => ['exactly one of the alternatives'] },
  { keywords: ['default'], words: (d) => [`default ${json(d.default)}`] },
  {
    keywords: ['examples'],
    words: (d) =>
      Array.isArray(d.examples) && d.examples.length > 0
        ? [`for example ${(d.examples as JsonValue[]).map(json).join(', ')}`]
        : [],
  },
  { keywords: ['deprecated'], words: (d) => (d.deprecated === true ? ['deprecated'] : []) },
];

/** Every keyword the table words (any other reads `keyword: <JSON>`). */
export const WORDED_KEYWORDS: ReadonlySet<string> = new Set(
  WORD_RULES.flatMap((rule) => rule.keywords),
);

/** The words for every dropped keyword; a keyword without a rule reads `keyword: <JSON>`. */
export function constraintWords(dropped: Dropped, node: JsonSchema): string[] {
  const words: string[] = [];
  for (const rule of WORD_RULES) {
    if (rule.keywords.some((k) => dropped[k] !== undefined))
      words.push(...rule.words(dropped, node));
  }
  for (const [keyword, value] of Object.entries(dropped)) {
    if (!WORDED_KEYWORDS.has(keyword) && value !== undefined)
      words.push(`${keyword}: ${json(value)}`);
  }
  return words;
}

/** A description with the dropped constraints appended as one `Constraints: …` line. */
export function describeDropped(
  description: string | undefined,
  words: readonly string[],
): string | undefined {
  if (words.length === 0) return description;
  const line = `Constraints: ${words.join('; ')}.`;
  return description ? `${description}\n\n${line}` : line;
}
