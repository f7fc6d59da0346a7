/**
 * A checker of the strict-mode JSON Schema subsets, written from the providers' documentation
 * and deliberately apart from the projection in `schema/strict` (an independent reading, so a
 * test of one by the other means something). Claude: structured outputs, "JSON Schema
 * limitations" (supported keywords and formats, `additionalProperties: false` on every object,
 * `minItems` 0 or 1, no recursion, no backreferences, lookaround or `\b` in patterns, at most 20
 * strict tools, 24 optional properties and 16 unions per request). OpenAI: structured outputs,
 * "Supported schemas" (every property required, `additionalProperties: false`, its keyword and
 * format lists, at most 10 levels of objects, 5,000 properties and 1,000 enum values).
 */

/** A provider whose strict subset is checked. */
export type StrictSubset = 'anthropic' | 'openai';

type Node = Record<string, unknown>;

const ANTHROPIC_KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'default',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'format',
  'pattern',
  'minItems',
]);
const OPENAI_KEYWORDS = new Set([
  'type',
  'description',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  '$ref',
  '$defs',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const ANTHROPIC_FORMATS = new Set([
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
]);
const OPENAI_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Regular-expression features Claude's grammar refuses. */
const UNSUPPORTED_REGEX: [RegExp, string][] = [
  [/\\[1-9]|\\k</, 'a backreference'],
  [/\(\?<?[=!]/, 'a lookahead or lookbehind'],
  [/\\[bB]/, 'a word boundary'],
];

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Check {
  provider: StrictSubset;
  defs: Record<string, Node>;
  problems: string[];
  properties: number;
  enumValues: number;
  optional: number;
  unions: number;
}

function refName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1] : undefined;
}

function checkObject(node: Node, at: string, c: Check, depth: number): void {
  if (node.additionalProperties !== false)
    c.problems.push(`${at}: objects must set additionalProperties to false`);
  const properties = isNode(node.properties) ? node.properties : {};
  const keys = Object.keys(properties);
  const required = Array.isArray(node.required) ? node.required : [];
  c.properties += keys.length;
  c.optional += keys.filter((k) => !required.includes(k)).length;
  if (c.provider === 'openai') {
    if (depth > 10) c.problems.push(`${at}: more than 10 levels of nested objects`);
    const missing = keys.filter((k) => !required.includes(k));
    if (missing.length > 0)
      c.problems.push(`${at}: every property must be required; missing ${missing.join(', ')}`);
  }
  for (const key of keys) walk(properties[key], `${at}.properties.${key}`, c, depth);
}

function walk(node: unknown, at: string, c: Check, depth: number): void {
  if (!isNode(node)) {
    c.problems.push(`${at}: a schema must be an object`);
    return;
  }
  const allowed = c.provider === 'anthropic' ? ANTHROPIC_KEYWORDS : OPENAI_KEYWORDS;
  for (const keyword of Object.keys(node)) {
    if (!allowed.has(keyword)) c.problems.push(`${at}: keyword "${keyword}" is not supported`);
  }
  if (node.$ref !== undefined && refName(node.$ref) === undefined)
    c.problems.push(`${at}: only local $ref is supported`);
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  if (types.length > 1 || Array.isArray(node.anyOf)) c.unions++;
  if (node.format !== undefined) {
    const formats = c.provider === 'anthropic' ? ANTHROPIC_FORMATS : OPENAI_FORMATS;
    if (!formats.has(String(node.format)))
      c.problems.push(`${at}: format "${String(node.format)}" is not supported`);
  }
  if (typeof node.pattern === 'string') {
    for (const [regex, what] of UNSUPPORTED_REGEX) {
      if (regex.test(node.pattern)) c.problems.push(`${at}: pattern has ${what}`);
    }
  }
  if (
    c.provider === 'anthropic' &&
    node.minItems !== undefined &&
    node.minItems !== 0 &&
    node.minItems !== 1
  ) {
    c.problems.push(`${at}: minItems must be 0 or 1`);
  }
  if (Array.isArray(node.enum)) {
    c.enumValues += node.enum.length;
    if (node.enum.some((v) => v !== null && typeof v === 'object'))
      c.problems.push(`${at}: enum values must be primitives`);
  }
  if (
    c.provider === 'anthropic' &&
    Array.isArray(node.allOf) &&
    node.allOf.some((m) => isNode(m) && m.$ref !== undefined)
  ) {
    c.problems.push(`${at}: allOf with $ref is not supported`);
  }
  if (types.includes('object') || node.properties !== undefined)
    checkObject(node, at, c, depth + 1);
  if (node.items !== undefined) walk(node.items, `${at}.items`, c, depth);
  for (const key of ['anyOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walk(sub, `${at}.${key}.${i}`, c, depth));
  }
}

/** The `$ref` targets reachable from `node`, without entering `$defs`. */
function refsOf(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (isNode(node)) {
    const name = refName(node.$ref);
    if (name !== undefined) out.add(name);
    for (const [key, value] of Object.entries(node))
      if (key !== '$defs' && key !== 'definitions') refsOf(value, out);
  }
  return out;
}

/** A `$defs` entry that refers back to itself, directly or through others. */
function recursiveDef(defs: Record<string, Node>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string): boolean => {
    if (state.get(name) === 'open') return true;
    if (state.get(name) === 'done' || !Object.hasOwn(defs, name)) return false;
    state.set(name, 'open');
    for (const to of refsOf(defs[name], new Set())) if (visit(to)) return true;
    state.set(name, 'done');
    return false;
  };
  return Object.keys(defs).find((name) => visit(name));
}

/** Every way `schema` leaves the provider's strict subset; empty when it is inside. */
export function strictSubsetProblems(schema: unknown, provider: StrictSubset): string[] {
  const root = isNode(schema) ? schema : {};
  const defs = {
    ...(isNode(root.definitions) ? root.definitions : {}),
    ...(isNode(root.$defs) ? root.$defs : {}),
  } as Record<string, Node>;
  const c: Check = {
    provider,
    defs,
    problems: [],
    properties: 0,
    enumValues: 0,
    optional: 0,
    unions: 0,
  };
  if (root.type !== 'object') c.problems.push('input_schema: the root must be an object');
  walk(root, 'input_schema', c, 0);
  for (const [name, def] of Object.entries(defs)) walk(def, `input_schema.$defs.${name}`, c, 0);
  const recursive = recursiveDef(defs);
  if (recursive !== undefined && provider === 'anthropic')
    c.problems.push(`input_schema: recursive schema ($defs/${recursive})`);
  if (provider === 'openai' && c.properties > 5000)
    c.problems.push('input_schema: more than 5000 properties');
  if (provider === 'openai' && c.enumValues > 1000)
    c.problems.push('input_schema: more than 1000 enum values');
  return c.problems;
}

/** Optional properties and unions of one schema, as the Messages API counts them across a request. */
function counts(schema: unknown): { optional: number; unions: number } {
  const c: Check = {
    provider: 'anthropic',
    defs: {},
    problems: [],
    properties: 0,
    enumValues: 0,
    optional: 0,
    unions: 0,
  };
  walk(schema, '', c, 0);
  return { optional: c.optional, unions: c.unions };
}

/**
 * The 400 message the Messages API would answer for a request's `strict` tools, or null: a
 * schema outside the subset, or the per-request limits (20 strict tools, 24 optional
 * properties, 16 unions across them).
 */
export function checkStrictTools(tools: unknown): string | null {
  if (!Array.isArray(tools)) return null;
  const strict = tools
    .map((tool, index) => ({ tool: tool as Node, index }))
    .filter(({ tool }) => isNode(tool) && tool.strict === true);
  for (const { tool, index } of strict) {
    const problems = strictSubsetProblems(tool.input_schema, 'anthropic');
    if (problems.length > 0) return `tools.${index}.custom.${problems[0]}`;
  }
  if (strict.length > 20) return `tools: at most 20 strict tools per request, got ${strict.length}`;
  const total = strict.reduce(
    (sum, { tool }) => {
      const n = counts(tool.input_schema);
      return { optional: sum.optional + n.optional, unions: sum.unions + n.unions };
    },
    { optional: 0, unions: 0 },
  );
  if (total.optional > 24)
    return `tools: strict tools may have at most 24 optional parameters in total, got ${total.optional}`;
  if (total.unions > 16)
    return `tools: strict tools may have at most 16 parameters with anyOf or type arrays in total, got ${total.unions}`;
  return null;
}
