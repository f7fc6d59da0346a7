/**
 * What each provider's strict mode accepts, as data: the keywords its grammar takes, its string
 * formats, how it states an optional property, and whether it follows recursive `$ref`s. Written
 * from the providers' documentation (Claude: structured outputs, "JSON Schema limitations";
 * OpenAI: structured outputs, "Supported schemas"); everything outside a provider's lists is
 * described in words or makes the tool non-strict.
 */
import type { StrictProvider } from './types';

/** One provider's strict subset. */
export interface StrictRules {
  /** Keywords kept as they are (after the checks on `format`, `pattern` and `minItems`). */
  keeps: ReadonlySet<string>;
  /** The `format` values the grammar knows. */
  formats: ReadonlySet<string>;
  /** Whether a `minItems` value is kept (Claude: 0 or 1 only). */
  minItems: (value: number) => boolean;
  /** Whether recursive `$ref`s are allowed (OpenAI: yes; Claude: no). */
  recursion: boolean;
  /** `omit`: optional properties stay out of `required`; `nullable`: all are required, optional ones may be `null`. */
  optional: 'omit' | 'nullable';
  /** Whether `const` is kept (else it becomes a one-value `enum`). */
  constKeyword: boolean;
  /** Deepest nesting of objects (OpenAI: 10). */
  maxObjectDepth: number;
  /** Most object properties in one schema (OpenAI: 5,000). */
  maxProperties: number;
  /** Most `enum` values in one schema (OpenAI: 1,000). */
  maxEnumValues: number;
}

const COMMON = [
  'type',
  'description',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'format',
  'pattern',
  'minItems',
];

/** The per-provider table. */
export const STRICT_RULES: Record<StrictProvider, StrictRules> = {
  anthropic: {
    keeps: new Set([...COMMON, 'const', 'default', 'title']),
    formats: new Set([
      'date-time',
      'time',
      'date',
      'duration',
      'email',
      'hostname',
      'uri',
      'ipv4',
      'ipv6',
      'uuid',
    ]),
    minItems: (value) => value === 0 || value === 1,
    recursion: false,
    optional: 'omit',
    constKeyword: true,
    maxObjectDepth: Infinity,
    maxProperties: Infinity,
    maxEnumValues: Infinity,
  },
  openai: {
    keeps: new Set([
      ...COMMON,
      'maxItems',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
    ]),
    formats: new Set([
      'date-time',
      'time',
      'date',
      'duration',
      'email',
      'hostname',
      'ipv4',
      'ipv6',
      'uuid',
    ]),
    minItems: () => true,
    recursion: true,
    optional: 'nullable',
    constKeyword: false,
    maxObjectDepth: 10,
    maxProperties: 5000,
    maxEnumValues: 1000,
  },
};

/** Keywords that describe nothing a model needs (dropped without a word). */
export const SILENT_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'readOnly',
  'writeOnly',
  'title',
]);

/** What the Messages API allows across the strict tools of one request (structured outputs page). */
export const ANTHROPIC_REQUEST_LIMITS = Object.freeze({
  strictTools: 20,
  optionalProperties: 24,
  unions: 16,
});
