/**
 * Schema and validator agree, both ways (issues 3 and 11): for every tool of the fixture services,
 * inputs generated from the schema codegen emits, and mutations and near-misses of them, are
 * accepted by the registry (schema gate, plus class-validator where the tool's plan runs it)
 * exactly when an independent JSON Schema validator (ajv 2020-12 with ajv-formats) accepts them.
 * `AgreementService`: 1,200 inputs per tool, 10,800 over its families (types, enums, bounds,
 * tuples, records, unions, nested DTOs, recursion). `KeywordService`: at least 10,000 inputs per
 * keyword family (oneOf, not, min/maxProperties, propertyNames, patternProperties, string lengths
 * with astral, emoji, ZWJ, combining and lone-surrogate text, and the formats email, uri, uuid,
 * date-time), biased to boundaries. `npm test` runs a tenth of each count (test/propertyRuns.ts).
 *
 * Where class-validator's notion is narrower than JSON Schema's (`@IsUUID`, `Date`/`@IsDate`,
 * `@IsUrl()` with its default options), the decorator emits a `pattern` saying exactly that, so
 * plain ajv-formats agrees;
 * `@IsISO8601`/`@IsDateString` emit validator.js's own expression (no `format`). Where the schema
 * is deliberately looser (`@IsISO8601({ strict: true })`'s calendar check, `@IsUrl(options)`,
 * whose rules have no JSON Schema form), class-validator runs and has the last word, which the
 * judge adds to ajv's verdict; `@Matches` (read by class-validator without the `u` flag)
 * refuses astral characters where the two readings part. Lengths are JSON Schema's (code points)
 * on both sides; against plain class-validator they part only on variation selectors, as the
 * docs/build.md documents. `email` is the one format whose
 * meaning in toolwright is class-validator's `isEmail` (no regular expression says it: it counts
 * UTF-8 bytes and checks each domain label), so ajv is given `isEmail` for it; the DTOs where
 * class-validator runs after the gate (`checked_contact`) still catch a gate/validator split.
 */
import { join } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import fc from 'fast-check';
import { ToolRegistry } from 'toolwright';
import type { ManifestTool, ValidationPipeOptions } from 'toolwright';
import { AgreementService } from './__fixtures__/agreement/AgreementService';
import { KeywordService } from './__fixtures__/agreement/KeywordService';
import { agreementJudge } from './__fixtures__/agreement/agreementJudge';
import { boundsInputs, FAMILIES } from './__fixtures__/agreement/families';
import { trickyText } from './__fixtures__/agreement/familyArbitraries';
import { Bounds, Ids, Lengths } from './__fixtures__/agreement/KeywordService';
import { ENFORCED_KEYWORDS } from '../src/validation/schemaKeywords';
import { cachedCodegen } from '../test/cachedCodegen';
import { casesText, propertyRuns } from '../test/propertyRuns';

// Real projects are loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

const REPO = join(__dirname, '..');

function manifestOfFixture(validation?: ValidationPipeOptions) {
  return cachedCodegen(
    ['AgreementService.ts', 'KeywordService.ts'].map((file) =>
      join(__dirname, '__fixtures__', 'agreement', file),
    ),
    { rootDir: REPO, ...(validation ? { validation } : {}) },
    { scanImports: false },
  );
}

const { manifest, diagnostics } = manifestOfFixture();
const registry = new ToolRegistry({ manifest }).register(
  new AgreementService(),
  new KeywordService(),
);
const { verdicts, firstDisagreement, tally } = agreementJudge(registry);
const CASES_PER_FAMILY = propertyRuns(10_000);
const AGREEMENT_TOOLS = [
  'quote',
  'set_level',
  'filter',
  'area',
  'place_order',
  'ship',
  'schedule',
  'link',
  'store_tree',
  'pay',
  'size',
];

const toolNamed = (name: string): ManifestTool =>
  manifest.tools.find((tool) => tool.name === name)!;

const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

/** Every keyword used anywhere in a schema (the names of properties and definitions not counted). */
function keywordsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => keywordsOf(item, into));
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return into;
  for (const [keyword, value] of Object.entries(schema)) {
    into.add(keyword);
    if (SUBSCHEMA_MAPS.has(keyword))
      Object.values(value as object).forEach((v) => keywordsOf(v, into));
    else if (keyword !== 'enum' && keyword !== 'const' && keyword !== 'default')
      keywordsOf(value, into);
  }
  return into;
}

/** Where a variation selector follows another character (validator.js isLength does not count it). */
const COUNTED_DIFFERENTLY = /[^\uFE0E\uFE0F][\uFE0E\uFE0F]/;

/** Plain class-validator on a DTO (`Lengths` unless said), as a Nest ValidationPipe would run it. */
async function classValidatorAccepts(
  input: object,
  dto: new () => object = Lengths,
): Promise<boolean> {
  const errors = await validate(plainToInstance(dto, input), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  return errors.length === 0;
}

describe('schema and validator agree', () => {
  it('codegen reads the fixture without problems, and warns of each custom validator (TW211) and @IsUrl option (TW208)', () => {
    // `@Validate(Anything)` is there to make class-validator run; the schema cannot say it.
    expect(diagnostics.map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^58 TW211 @Validate on both is a validator the schema cannot say/),
      expect.stringMatching(/^70 TW211 @Validate on email is a validator the schema cannot say/),
      expect.stringMatching(/^80 TW208 @IsUrl on secure has options the schema cannot say/),
      expect.stringMatching(/^81 TW208 @IsUrl on internal has options the schema cannot say/),
    ]);
    expect(manifest.tools.map((t) => t.name)).toEqual([
      ...AGREEMENT_TOOLS,
      ...Object.values(FAMILIES).flatMap((tools) => tools.map(([name]) => name)),
    ]);
  });

  it('the fixtures use every keyword the schema gate enforces', () => {
    const used = new Set<string>();
    for (const tool of manifest.tools) keywordsOf(tool.inputSchema, used);
    expect([...ENFORCED_KEYWORDS].filter((keyword) => !used.has(keyword))).toEqual([]);
  });

  it.each(AGREEMENT_TOOLS.map((name) => [name, toolNamed(name)] as const))(
    '%s: the registry accepts exactly what the schema accepts',
    async (_name, tool) => {
      expect(await firstDisagreement(tool, propertyRuns(1200))).toBeUndefined();
    },
  );

  // class-validator alone is more lenient than a DTO's TypeScript types (and so than its schema);
  // each case below is one such leniency, which the registry's schema gate must close.
  describe('where class-validator alone would accept more than the schema', () => {
    const order = {
      email: 'a@b.co',
      items: [{ sku: 'AB-123', quantity: 1 }],
      shipTo: { street: 'Main St' },
      priority: 'low',
    };
    const refusedByBoth = async (tool: string, input: unknown) => {
      const verdict = await verdicts(toolNamed(tool), input);
      expect(verdict.ajv).not.toBe('valid');
      expect(verdict.registry).not.toBe('valid');
    };

    it('a valid order is valid on both sides', async () => {
      expect(await verdicts(toolNamed('place_order'), order)).toEqual({
        ajv: 'valid',
        registry: 'valid',
      });
    });

    it('@IsNotEmpty: an empty string', async () => {
      const verdict = await verdicts(toolNamed('place_order'), { ...order, reference: '' });
      expect(verdict.ajv).toBe('data/reference must NOT have fewer than 1 characters');
      expect(verdict.registry).not.toBe('valid');
    });

    it('a property without a type decorator (notes: string[]) given numbers', () =>
      refusedByBoth('place_order', { ...order, notes: [1] }));

    it('a required nested DTO (shipTo!: Address, @ValidateNested) missing', () => {
      const { shipTo: _omitted, ...input } = order;
      return refusedByBoth('place_order', input);
    });

    it('@IsOptional given null where the type says boolean', () =>
      refusedByBoth('place_order', { ...order, gift: null }));

    it('@ValidateNested given an array where one nested object is expected', () =>
      refusedByBoth('place_order', { ...order, shipTo: [] }));

    it('@ValidateNested({ each: true }) given an array as an element', () =>
      refusedByBoth('place_order', { ...order, items: [...order.items, []] }));

    it('a @Param typed as a DTO class given an array', () =>
      refusedByBoth('ship', { address: [] }));

    it('a @Param typed as a DTO class given null for an @IsOptional property', () =>
      refusedByBoth('ship', { address: { street: 'x', zip: null } }));
  });

  describe('lengths: the gate and class-validator part only on variation selectors (documented)', () => {
    it('"❤️" is 2 characters for the schema and the gate, 1 for @MaxLength', async () => {
      const input = { both: 'ab', most: '\u2764\uFE0F\u2764' };
      expect(await verdicts(toolNamed('lengths'), input)).toEqual({
        ajv: 'data/most must NOT have more than 2 characters',
        registry: expect.stringContaining('most must be shorter than or equal to 2 characters'),
      });
      expect(await classValidatorAccepts(input)).toBe(true);
    });

    it(`elsewhere the gate alone says what class-validator says, over ${casesText(propertyRuns(4_000))} inputs`, async () => {
      const texts = fc.record(
        { both: trickyText(), least: trickyText(5), most: trickyText(4) },
        { requiredKeys: ['both'] },
      );
      let compared = 0;
      for (const input of fc.sample(texts, { numRuns: propertyRuns(4_000), seed: 5 })) {
        const gate = (await registry.check('lengths', input)).ok;
        const plain = await classValidatorAccepts(input);
        if (Object.values(input).some((text) => COUNTED_DIFFERENTLY.test(text))) continue;
        compared++;
        expect({ input, gate }).toEqual({ input, gate: plain });
      }
      expect(compared).toBeGreaterThan(propertyRuns(4_000) / 4);
    });
  });

  // The gate's pattern for `@IsUUID(version)` against class-validator itself (the judge compares
  // the registry with ajv on that same pattern, so a pattern that says less or more would agree).
  describe('@IsUUID(version): the schema accepts exactly what class-validator accepts', () => {
    const VERSIONS = [
      'any',
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
      'v7',
      'v8',
      'nil',
      'max',
      'loose',
      'all',
      'v4or7',
    ];
    const valid = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';
    /** A UUID of version `v` and variant `variant` (RFC 9562's are 8, 9, a, b). */
    const uuidOf = (v: string, variant = '8') => `6ba7b810-9dad-${v}1d1-${variant}0b4-00c04fd430c8`;
    const UUIDS = [
      ...['1', '2', '3', '4', '5', '6', '7', '8'].flatMap((v) => [
        uuidOf(v),
        uuidOf(v, 'b').toUpperCase(),
        uuidOf(v, 'A'),
        uuidOf(v, '9'),
      ]),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      'fFfFfFfF-FfFf-FfFf-FfFf-FfFfFfFfFfFf',
    ];
    const NOT_QUITE = [
      uuidOf('0'),
      uuidOf('9'),
      uuidOf('f'),
      uuidOf('4', '7'),
      uuidOf('4', 'c'),
      uuidOf('4', '0'),
      uuidOf('4').replaceAll('-', ''),
      uuidOf('4').replace('-', ''),
      `{${uuidOf('4')}}`,
      `urn:uuid:${uuidOf('4')}`,
      `${uuidOf('4')}\n`,
      ` ${uuidOf('4')}`,
      uuidOf('4').replace('c8', 'g8'),
      uuidOf('4').slice(0, -1),
      `${uuidOf('4')}0`,
      '00000000-0000-0000-0000-000000000001',
      'ffffffff-ffff-ffff-ffff-fffffffffffe',
    ];

    it.each(VERSIONS)(
      '%s: every version and variant, upper and lower case, and near-misses',
      async (key) => {
        let accepted = 0;
        const ids = [...UUIDS, ...NOT_QUITE];
        for (const id of ids) {
          const input = { any: valid, [key]: id };
          const plain = await classValidatorAccepts(input, Ids);
          const verdict = await verdicts(toolNamed('ids'), input);
          expect({
            id,
            ajv: verdict.ajv === 'valid',
            registry: verdict.registry === 'valid',
          }).toEqual({
            id,
            ajv: plain,
            registry: plain,
          });
          if (plain) accepted++;
        }
        // Each version accepts some of these and refuses some, so neither side agrees by one answer.
        expect(Math.min(accepted, ids.length - accepted)).toBeGreaterThan(0);
      },
    );
  });

  // class-validator runs every decorator, so where two state one bound the stricter holds: the
  // schema must say it, and the gate (alone here: every rule is the schema's) refuse the rest.
  describe('bounds stated twice: the schema says the stricter, as class-validator enforces it', () => {
    it('the schema states the stricter bounds, both steps and the values both @IsIn list', () => {
      expect(toolNamed('bounds').inputSchema.properties).toEqual({
        name: { type: 'string', minLength: 2, maxLength: 6 },
        code: { type: 'string', minLength: 4, maxLength: 6 },
        level: { type: 'number', minimum: 5, maximum: 8 },
        below: { type: 'number', maximum: -2, exclusiveMaximum: 0 },
        above: { type: 'number', exclusiveMinimum: 0, minimum: 0 },
        tags: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'integer' } },
        step: { type: 'number', multipleOf: 0.01, allOf: [{ multipleOf: 0.1 }] },
        pick: { type: 'string', enum: ['b', 'c'] },
      });
    });

    it('"abcdefgh" (8): refused by @Length(2, 6) under @MaxLength(20), on both sides', async () => {
      const input = { name: 'abcdefgh' };
      expect(await classValidatorAccepts(input, Bounds)).toBe(false);
      expect((await registry.check('bounds', input)).ok).toBe(false);
    });

    // Not null: `@IsOptional` skips it where the schema follows the type (a case of its own above).
    it(`elsewhere the gate alone says what class-validator says, over ${casesText(propertyRuns(4_000))} inputs`, async () => {
      let valid = 0;
      let compared = 0;
      for (const input of fc.sample(boundsInputs(), { numRuns: propertyRuns(4_000), seed: 7 })) {
        const sent = JSON.parse(JSON.stringify(input)) as object;
        if (Object.values(sent).includes(null)) continue;
        compared++;
        const gate = (await registry.check('bounds', sent)).ok;
        const plain = await classValidatorAccepts(sent, Bounds);
        expect({ sent, gate }).toEqual({ sent, gate: plain });
        if (gate) valid++;
      }
      // Both verdicts are common, so neither side can agree by saying one thing throughout.
      expect(compared).toBeGreaterThan(propertyRuns(4_000) / 4);
      expect(Math.min(valid, compared - valid)).toBeGreaterThan(compared / 100);
    });
  });

  describe(`keyword family by keyword family, at least ${casesText(CASES_PER_FAMILY)} cases each`, () => {
    it.each(Object.entries(FAMILIES))(
      `%s: 0 disagreements in at least ${casesText(CASES_PER_FAMILY)} cases`,
      async (_family, tools) => {
        let cases = 0;
        for (const [name, inputs, lastWord] of tools) {
          const runs = Math.ceil(CASES_PER_FAMILY / tools.length);
          const judged = await tally(toolNamed(name), inputs, runs, lastWord);
          expect(judged.first).toBeUndefined();
          // Both verdicts are common, so neither side can agree by saying one thing throughout.
          expect(Math.min(judged.valid, judged.cases - judged.valid)).toBeGreaterThan(runs / 100);
          cases += judged.cases;
        }
        expect(cases).toBeGreaterThanOrEqual(CASES_PER_FAMILY);
      },
    );
  });
});

/**
 * The same tools and families under the `ValidationPipe` a Nest app commonly sets up (`transform`,
 * implicit conversion, `whitelist` without `forbidNonWhitelisted`), given to codegen (so the
 * manifest carries it) and so to the registry: unknown properties are dropped, as ajv's
 * `removeAdditional` drops them, and everything else is judged as before.
 */
describe('schema and validator agree under transform + implicit conversion + whitelist', () => {
  const NEST_PIPE: ValidationPipeOptions = {
    transform: true,
    transformOptions: { enableImplicitConversion: true },
    whitelist: true,
  };
  const nest = manifestOfFixture(NEST_PIPE);
  const nestRegistry = new ToolRegistry({ manifest: nest.manifest }).register(
    new AgreementService(),
    new KeywordService(),
  );
  const nestJudge = agreementJudge(nestRegistry, true);
  const nestTool = (name: string): ManifestTool =>
    nest.manifest.tools.find((tool) => tool.name === name)!;
  const CASES = propertyRuns(1_000);

  it('codegen says the same as under the default options', () => {
    expect(nest.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(
      diagnostics.map((d) => `${d.line} ${d.code}`),
    );
  });

  // `area` takes a union of objects (`anyOf`): there the registry still refuses an unknown property
  // (which branch would drop it is not known; docs/build.md, "Your ValidationPipe's options"), where ajv's
  // removeAdditional drops it branch by branch.
  it.each(AGREEMENT_TOOLS.filter((name) => name !== 'area'))(
    '%s: the registry accepts exactly what the schema accepts',
    async (name) => {
      expect(await nestJudge.firstDisagreement(nestTool(name), propertyRuns(300))).toBeUndefined();
    },
  );

  it.each(Object.entries(FAMILIES))(
    `%s: 0 disagreements in at least ${casesText(CASES)} cases`,
    async (_family, tools) => {
      let cases = 0;
      for (const [name, inputs, lastWord] of tools) {
        const runs = Math.ceil(CASES / tools.length);
        const judged = await nestJudge.tally(nestTool(name), inputs, runs, lastWord);
        expect(judged.first).toBeUndefined();
        cases += judged.cases;
      }
      expect(cases).toBeGreaterThanOrEqual(CASES);
    },
  );
});
