/**
 * Real-world-shaped DTOs judged three ways (issue 18): for each `@Params(Dto)` tool of
 * `RealWorldService` (auth, profile, cart, discount, scheduling, shipment, attendance, crawl
 * options, pagination), at least 2,000 inputs generated from the emitted schema and mutations of
 * it are judged by ajv on that schema, by plain class-validator (the user's own path) and by
 * `registry.check()`. The registry must say exactly "ajv and, where its plan runs class-validator,
 * class-validator too"; the schema gate must never refuse what class-validator accepts, and where
 * the gate stands in for class-validator it must accept exactly what class-validator accepts —
 * outside the documented differences below, each counted and named.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { ToolRegistry } from 'toolwright';
import type { JsonSchema, ManifestTool, ValidationPipeOptions } from 'toolwright';
import { deriveDtoSchema } from '../src/derive/deriveDtoSchema';
import { pipeSettings } from '../src/validation/pipeOptions';
import { coverageOf, judgedBySchema } from '../src/validation/schemaCoverage';
import { inputs } from './__fixtures__/schemaArbitrary';
import { compileStrict } from './__fixtures__/strictSchema';
import { RealWorldService } from './__fixtures__/realworld/RealWorldService';
import { SignInDto, SignUpDto } from './__fixtures__/realworld/auth';
import { CartDto } from './__fixtures__/realworld/cart';
import { CreateDiscountDto } from './__fixtures__/realworld/discount';
import { ScheduleMeetingDto } from './__fixtures__/realworld/scheduling';
import { CreateShipmentDto } from './__fixtures__/realworld/shipment';
import { RecordAttendanceDto } from './__fixtures__/realworld/attendance';
import { CrawlOptionsDto } from './__fixtures__/realworld/crawl';
import { ListOrdersQueryDto, PaginationQueryDto } from './__fixtures__/realworld/pagination';
import { UpdateProfileDto } from './__fixtures__/realworld/profile';
import { threeWayJudge } from './__fixtures__/realworld/threeWayJudge';
import type { ThreeVerdicts } from './__fixtures__/realworld/threeWayJudge';
import { cachedCodegen } from '../test/cachedCodegen';
import { casesText, propertyRuns } from '../test/propertyRuns';

// A real project is loaded and type-resolved, and 22,000 inputs judged three ways (a tenth under
// `npm test`: test/propertyRuns.ts).
jest.setTimeout(120_000);

const REPO = join(__dirname, '..');
const FIXTURE = join(__dirname, '__fixtures__', 'realworld');
const INPUTS_PER_DTO = propertyRuns(2_000);
const NEST_INPUTS = propertyRuns(1_000);

function generated(validation?: ValidationPipeOptions) {
  return cachedCodegen([join(FIXTURE, 'RealWorldService.ts')], {
    rootDir: REPO,
    ...(validation ? { validation } : {}),
  });
}

const { manifest, diagnostics } = generated();
const service = new RealWorldService();
const registry = new ToolRegistry({ manifest }).register(service);
const judge = threeWayJudge(registry);

type Dto = new () => object;

/** Each tool, its DTO, and whether the schema gate stands in for class-validator (the plan). */
const TOOLS: [name: string, dto: Dto, gateAlone: boolean][] = [
  ['sign_up', SignUpDto, false], // @Matches
  ['sign_in', SignInDto, true],
  ['update_profile', UpdateProfileDto, true],
  ['update_cart', CartDto, true], // @IsUUID('4'): its pattern is exact
  ['create_discount', CreateDiscountDto, false], // @ValidateIf, @Matches
  ['schedule_meeting', ScheduleMeetingDto, true],
  ['create_shipment', CreateShipmentDto, false], // @ValidateIf
  ['record_attendance', RecordAttendanceDto, false], // @Transform, @Matches, @IsUUID
  ['crawl', CrawlOptionsDto, false], // @IsUrl
  ['list_customers', PaginationQueryDto, false], // @Type(() => Number)
  ['list_orders', ListOrdersQueryDto, false],
];

const toolNamed = (name: string): ManifestTool => manifest.tools.find((t) => t.name === name)!;
const rel = (file: string) => file.slice(FIXTURE.length + 1);

/**
 * The documented difference (docs/validation.md, "What the model sees on bad input"): where the TypeScript
 * type says more than the decorators, the schema gate keeps to the type, so the registry refuses
 * what class-validator alone lets through — `null` for an `@IsOptional()` property whose type is
 * not nullable, a missing nested DTO (`@ValidateNested()` skips `undefined`), an array for a
 * nested object, a non-array for a property validated `each`, a value of another type under a
 * false `@ValidateIf`, a `Record<string, string>` value that is no string. Such inputs are those
 * ajv refuses only for `type` and `required` (and `enum`, for a `null` an enum's type refuses).
 */
/** A schema with its keys sorted and its descriptions left out (the run time has no JSDoc). */
const canonical = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(canonical);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => [key, canonical(value)]),
  );
};

const typeNarrowing = (errors: ThreeVerdicts['ajvErrors']): boolean =>
  errors.length > 0 &&
  errors.every(
    (e) =>
      e.keyword === 'type' || e.keyword === 'required' || (e.keyword === 'enum' && e.data === null),
  );

describe('real-world DTOs, judged by ajv, class-validator and the registry', () => {
  it('codegen warns of what the schema cannot say, at each decorator', () => {
    expect(diagnostics.map((d) => `${rel(d.file)}:${d.line} ${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(
        /^attendance\.ts:39 TW212 @Transform on note changes the value before class-validator sees it, so the schema says nothing of note's value/,
      ),
      expect.stringMatching(
        /^pagination\.ts:13 TW212 @Type on page changes the value before class-validator sees it/,
      ),
    ]);
  });

  it('every emitted schema compiles under ajv 2020 strict', () => {
    for (const tool of manifest.tools) compileStrict(tool.inputSchema, tool.name);
  });

  it('codegen and the run-time derivation apply one rule set: the same schemas, but for what only the type says', () => {
    // Codegen also knows the TypeScript type: `| null`, a Record's values, an exact @ValidateIf's
    // condition (the property's whole schema is then under if/then, nothing outside it).
    const typeOnly: Record<string, string[]> = {
      create_shipment: ['region'],
      crawl: ['headers'],
    };
    for (const [name, dto] of TOOLS) {
      const emitted = toolNamed(name).inputSchema;
      const derived = deriveDtoSchema(dto as never);
      const skip = typeOnly[name] ?? [];
      const properties = (schema: JsonSchema) =>
        Object.fromEntries(
          Object.entries(schema.properties ?? {})
            .filter(([key]) => !skip.includes(key))
            .map(([key, value]) => [key, canonical(value)]),
        );
      expect([name, properties(derived), [...(derived.required ?? [])].sort()]).toEqual([
        name,
        properties(emitted),
        [...(emitted.required ?? [])].sort(),
      ]);
    }
  });

  it('register() plans class-validator only where the schema cannot stand in for it', () => {
    expect(TOOLS.map(([name, dto]) => [name, judgedBySchema(dto)])).toEqual(
      TOOLS.map(([name, , alone]) => [name, alone]),
    );
  });

  it.each(TOOLS)(
    `%s: at least ${casesText(INPUTS_PER_DTO)} inputs, no disagreement outside the documented ones`,
    async (name, dto, gateAlone) => {
      const tool = toolNamed(name);
      const counts = { cases: 0, valid: 0, invalid: 0, documented: 0 };
      const problems: unknown[] = [];
      for (const input of fc.sample(inputs(tool.inputSchema), {
        numRuns: INPUTS_PER_DTO,
        seed: 18,
      })) {
        counts.cases++;
        const v = await judge(tool, dto, input);
        const [ajv, cv, registryOk] = [
          v.ajv === 'valid',
          v.classValidator === 'valid',
          v.registry === 'valid',
        ];
        if (registryOk) counts.valid++;
        else counts.invalid++;
        // The registry is the gate (ajv's verdict) and, where planned, class-validator.
        const expected = ajv && (gateAlone || cv);
        // The gate never refuses what class-validator accepts, but for the TypeScript type.
        const gateStricter = cv && !ajv;
        // Where it stands in for class-validator, it accepts nothing class-validator refuses.
        const gateLooser = gateAlone && ajv && !cv;
        const documented = gateStricter && typeNarrowing(v.ajvErrors);
        if (registryOk !== expected || gateLooser || (gateStricter && !documented)) {
          problems.push({ input, ...v });
          if (problems.length >= 3) break;
        } else if (documented) counts.documented++;
      }
      expect(problems).toEqual([]);
      expect(counts.cases).toBeGreaterThanOrEqual(INPUTS_PER_DTO);
      // Both verdicts are common, so no side agrees by saying one thing throughout.
      expect(Math.min(counts.valid, counts.invalid)).toBeGreaterThan(INPUTS_PER_DTO / 20);
    },
  );

  describe('what a user of these DTOs sees', () => {
    const call = (name: string, input: object) => registry.call(name, input, { returnValue: true });
    const last = () => service.received[service.received.length - 1];

    it('class defaults reach the method, nested DTOs included', async () => {
      const url = 'https://example.com/docs';
      expect(await call('crawl', { url, throttle: {} })).toMatchObject({ isError: false });
      expect(last()).toBeInstanceOf(CrawlOptionsDto);
      expect(last()).toMatchObject({
        url,
        maxDepth: 2,
        maxPages: 100,
        respectRobots: true,
        throttle: { delayMs: 250, concurrency: 4 },
      });
      expect(toolNamed('crawl').inputSchema.properties.maxDepth).toMatchObject({ default: 2 });
    });

    it('a nullable nested DTO takes null (`region?: RegionDto | null`)', async () => {
      const shipment = {
        address: { line1: '1 Main St', city: 'Oslo', postalCode: '0150', country: 'NO' },
        weightKg: 2.5,
        carrier: 'dhl',
        insured: false,
        region: null,
      };
      expect(await call('create_shipment', shipment)).toMatchObject({ isError: false });
      expect(
        await call('create_shipment', { ...shipment, region: { code: 'EU-N' } }),
      ).toMatchObject({
        isError: false,
      });
    });

    it('@ValidateIf: the cap is checked for percentages only, and the schema says so', async () => {
      expect(toolNamed('create_discount').inputSchema.allOf).toEqual([
        {
          if: { properties: { type: { const: 'percent' } }, required: ['type'] },
          then: {
            properties: { percentCap: expect.objectContaining({ minimum: 0, maximum: 100 }) },
            required: ['percentCap'],
          },
        },
      ]);
      const coupon = { code: 'SPRING-24', value: 10, percentCap: 150 };
      expect(await call('create_discount', { ...coupon, type: 'fixed' })).toMatchObject({
        isError: false,
      });
      expect(await call('create_discount', { ...coupon, type: 'percent' })).toEqual({
        isError: true,
        content: expect.stringMatching(/^percentCap: percentCap must not be greater than 100$/m),
      });
    });
  });
});

/**
 * The same DTOs under the `ValidationPipe` a Nest app commonly sets up (`transform`, implicit
 * conversion, `whitelist` without `forbidNonWhitelisted`): codegen and the registry are given the
 * options, class-validator runs under them, and ajv removes unknown properties as the whitelist
 * strips them. The registry must still say "ajv and, where planned, class-validator", and the gate
 * refuse more than class-validator only where the TypeScript type does.
 */
describe('real-world DTOs under a Nest ValidationPipe with implicit conversion and whitelist', () => {
  const NEST_PIPE: ValidationPipeOptions = {
    transform: true,
    transformOptions: { enableImplicitConversion: true },
    whitelist: true,
  };
  const nest = generated(NEST_PIPE);
  const nestRegistry = new ToolRegistry({ manifest: nest.manifest }).register(
    new RealWorldService(),
  );
  const nestJudge = threeWayJudge(nestRegistry, {
    whitelist: true,
    forbidNonWhitelisted: false,
    enableImplicitConversion: true,
  });

  it('codegen says the same of each decorator as under the default options', () => {
    expect(nest.diagnostics.map((d) => `${rel(d.file)}:${d.line} ${d.code}`)).toEqual(
      diagnostics.map((d) => `${rel(d.file)}:${d.line} ${d.code}`),
    );
  });

  it.each(TOOLS)(
    `%s: ${casesText(NEST_INPUTS)} inputs, no disagreement outside the documented ones`,
    async (name, dto) => {
      const tool = nest.manifest.tools.find((t) => t.name === name)!;
      const gateAlone = coverageOf(dto, pipeSettings(NEST_PIPE)).exact;
      const problems: unknown[] = [];
      let valid = 0;
      for (const input of fc.sample(inputs(tool.inputSchema), { numRuns: NEST_INPUTS, seed: 31 })) {
        const v = await nestJudge(tool, dto, input);
        const [ajv, cv, registryOk] = [v.ajv, v.classValidator, v.registry].map(
          (x) => x === 'valid',
        );
        if (registryOk) valid++;
        const gateStricter = cv && !ajv;
        const documented = gateStricter && typeNarrowing(v.ajvErrors);
        if (
          registryOk !== (ajv && (gateAlone || cv)) ||
          (gateAlone && ajv && !cv) ||
          (gateStricter && !documented)
        ) {
          problems.push({ input, ...v });
          if (problems.length >= 3) break;
        }
      }
      expect(problems).toEqual([]);
      expect(valid).toBeGreaterThan(NEST_INPUTS / 20);
    },
  );
});
