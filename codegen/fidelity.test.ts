/**
 * Issue 31, as a new user meets it: NestJS-style DTOs (`__fixtures__/fidelity`) judged by ajv on
 * the emitted schema, by class-validator as a Nest app runs it, and by `registry.check`: what
 * `@IsUrl` tells the model, a nested DTO under an exact `@ValidateIf`, a `Record` keyed by a
 * documented alias, a custom decorator wrapping `@Transform` on an `@IsDate()`, decimals validated
 * each, and a DTO no value can pass, at build and at `register()`.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import fc from 'fast-check';
import { ToolDefinitionError, ToolRegistry } from 'toolwright';
import type { ManifestTool, ValidationPipeOptions } from 'toolwright';
import { URL_WORDS } from '../src/schema/urlPattern';
import { inputs } from './__fixtures__/schemaArbitrary';
import { compileStrict } from './__fixtures__/strictSchema';
import {
  CreateScheduledTaskDto,
  EventDto,
  LedgerEntryDto,
  NoteDto,
  WebsiteDto,
} from './__fixtures__/fidelity/dtos';
import { EventService } from './__fixtures__/fidelity/EventService';
import { FidelityService } from './__fixtures__/fidelity/FidelityService';
import { threeWayJudge } from './__fixtures__/realworld/threeWayJudge';
import { cachedCodegen } from '../test/cachedCodegen';
import { casesText, propertyRuns } from '../test/propertyRuns';

jest.setTimeout(120_000);

const REPO = join(__dirname, '..');
const FIXTURE = join(__dirname, '__fixtures__', 'fidelity');

function generate(file: string, validation?: ValidationPipeOptions) {
  return cachedCodegen([join(FIXTURE, file)], {
    rootDir: REPO,
    ...(validation ? { validation } : {}),
  });
}

const { manifest, diagnostics } = generate('FidelityService.ts');
const service = new FidelityService();
const registry = new ToolRegistry({ manifest }).register(service);
const judge = threeWayJudge(registry);
const toolNamed = (name: string): ManifestTool => manifest.tools.find((t) => t.name === name)!;

type Dto = new () => object;
const DTO_TOOLS: [string, Dto][] = [
  ['add_website', WebsiteDto],
  ['create_scheduled_task', CreateScheduledTaskDto],
  ['book_entry', LedgerEntryDto],
];

describe('issue 31: what each decorator tells the model, judged three ways', () => {
  it('codegen warns only where the schema cannot say a decorator, and every schema compiles', () => {
    expect(diagnostics.map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^36 TW208 @IsUrl on feed has options the schema cannot say/),
      expect.stringMatching(/^73 TW212 @ToDate on bookedAt changes the value/),
    ]);
    for (const tool of manifest.tools) compileStrict(tool.inputSchema, tool.name);
  });

  it.each(DTO_TOOLS)(
    `%s: ${casesText(propertyRuns(1_000))} generated inputs, the three sides agree`,
    async (name, dto) => {
      const tool = toolNamed(name);
      const problems: unknown[] = [];
      for (const input of fc.sample(inputs(tool.inputSchema), {
        numRuns: propertyRuns(1_000),
        seed: 31,
      })) {
        const v = await judge(tool, dto, input);
        const verdicts = [v.ajv, v.classValidator, v.registry].map((said) => said === 'valid');
        // The registry is ajv's verdict and class-validator's (it runs for each of these DTOs); the
        // gate refuses more only where the TypeScript type does (docs/validation.md: an array for a nested DTO).
        const typeOnly =
          v.ajvErrors.length > 0 &&
          v.ajvErrors.every((e) => ['type', 'required', 'if'].includes(e.keyword));
        const agree = verdicts[2] === (verdicts[0] && verdicts[1]);
        if (!agree || (verdicts[1] && !verdicts[0] && !typeOnly)) problems.push({ input, ...v });
        if (problems.length >= 3) break;
      }
      expect(problems).toEqual([]);
    },
  );

  describe('@IsUrl', () => {
    it('tells the model in words that it is a URL, and what class-validator takes by default', () => {
      expect(toolNamed('add_website').inputSchema.properties).toMatchObject({
        homepage: { type: 'string', description: `The site's home page. ${URL_WORDS}` },
        feed: { type: 'string', description: 'Where its news feed is. A URL.' },
      });
    });

    it.each([
      [{ homepage: 'https://example.com/docs' }, 'valid'],
      [{ homepage: 'example.com' }, 'valid'],
      [{ homepage: '5' }, 'refused'],
      [{ homepage: 't' }, 'refused'],
      [{ homepage: 'https://example.com', feed: 'example.com/rss' }, 'refused'],
    ])('%j is %s by class-validator and the registry', async (input, expected) => {
      const v = await judge(toolNamed('add_website'), WebsiteDto, input);
      const verdict = (said: string) => (said === 'valid' ? 'valid' : 'refused');
      expect([verdict(v.classValidator), verdict(v.registry)]).toEqual([expected, expected]);
    });
  });

  describe('@ValidateIf(o => o.enable === true) on a nested DTO', () => {
    const task = { name: 'backup', time: { time: '1', day: 2000002 } };

    it('when the condition is false, the property and all under it go unchecked, as in class-validator', async () => {
      expect(
        await judge(toolNamed('create_scheduled_task'), CreateScheduledTaskDto, {
          ...task,
          enable: false,
        }),
      ).toMatchObject({ ajv: 'valid', classValidator: 'valid', registry: 'valid' });
    });

    it('when it holds, the nested DTO is checked whole', async () => {
      const v = await judge(toolNamed('create_scheduled_task'), CreateScheduledTaskDto, {
        ...task,
        enable: true,
      });
      expect(v.ajv).toMatch(/data\/time\/day must be <= 6/);
      expect(v.classValidator).not.toBe('valid');
      expect(v.registry).toMatch(/time\.day/);
    });

    it('the schema says the nested DTO under if/then, and nothing outside it', () => {
      const schema = toolNamed('create_scheduled_task').inputSchema;
      expect(schema.properties.time).toEqual({
        description: 'When it runs; checked only when the task is enabled.',
      });
      expect(schema.allOf).toEqual([
        {
          if: { properties: { enable: { const: true } }, required: ['enable'] },
          then: {
            properties: {
              time: expect.objectContaining({ type: 'object', required: ['time', 'day'] }),
            },
          },
        },
      ]);
    });
  });

  it('a Record keyed by a documented alias keeps the key pattern when the Record is itself an alias', async () => {
    const schema = toolNamed('set_rates').inputSchema;
    expect(schema.properties.rates).toMatchObject({
      propertyNames: { pattern: '^[A-Z]{3}$' },
      additionalProperties: { type: 'number' },
    });
    expect((await registry.check('set_rates', { rates: { USD: 1.1, NOK: 11.5 } })).ok).toBe(true);
    expect(await registry.check('set_rates', { rates: { usd: 1.1 } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/rates/),
    });
  });

  describe('no false "no value can pass" (TW120)', () => {
    it('@IsDate() @ToDate(), a decorator of the project wrapping @Transform: no TW120, one TW212', () => {
      expect(diagnostics.filter((d) => d.code === 'TW120')).toEqual([]);
    });

    it('@IsDecimal({}, { each: true }) on string[]: decimal text per element', async () => {
      const entry = { bookedAt: '2026-12-24T10:00:00Z' };
      for (const [amounts, expected] of [
        [['1.5', '20'], 'valid'],
        [['1.5', 'x'], 'refused'],
        [[1.5], 'refused'],
      ] as const) {
        const v = await judge(toolNamed('book_entry'), LedgerEntryDto, { ...entry, amounts });
        const verdict = (said: string) => (said === 'valid' ? 'valid' : 'refused');
        expect([amounts, verdict(v.ajv), verdict(v.classValidator), verdict(v.registry)]).toEqual([
          amounts,
          expected,
          expected,
          expected,
        ]);
      }
      await registry.call('book_entry', { ...entry, amounts: ['2.50'] });
      expect(service.received.at(-1)).toMatchObject({ bookedAt: new Date(entry.bookedAt) });
    });
  });

  describe('@IsDate() without @Type(() => Date): no value can pass', () => {
    it('codegen says so at the decorator, with the fix (TW120)', () => {
      const { diagnostics: found } = generate('EventService.ts');
      expect(found.map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual([
        expect.stringMatching(
          /^\d+ TW120 @IsDate on createdAt wants a Date instance, .* add @Type\(\(\) => Date\) .* enableImplicitConversion/,
        ),
        expect.stringMatching(/^\d+ TW213 body has no class-validator decorator/),
      ]);
    });

    it('register() without a manifest says the same, instead of refusing every call', () => {
      expect(() => new ToolRegistry().register(new EventService())).toThrow(ToolDefinitionError);
      expect(() => new ToolRegistry().register(new EventService())).toThrow(
        /record_event.* can never be called: @IsDate on EventDto\.createdAt wants a Date instance.*add @Type\(\(\) => Date\)/,
      );
    });
  });

  describe("a Nest app's ValidationPipe options, given once", () => {
    const NEST_PIPE: ValidationPipeOptions = {
      transform: true,
      transformOptions: { enableImplicitConversion: true },
      whitelist: true,
    };
    const generated = generate('EventService.ts', NEST_PIPE);
    const events = new EventService();
    const nest = new ToolRegistry({ manifest: generated.manifest }).register(events);
    const nestJudge = threeWayJudge(nest, {
      whitelist: true,
      forbidNonWhitelisted: false,
      enableImplicitConversion: true,
    });
    const eventTool = generated.manifest.tools.find((t) => t.name === 'record_event')!;

    it('codegen describes what they accept: @IsDate() takes date-time text, no TW120; the manifest carries them', () => {
      expect(generated.diagnostics.map((d) => d.code)).toEqual(['TW213']);
      expect(eventTool.inputSchema.properties.createdAt).toMatchObject({
        type: 'string',
        format: 'date-time',
      });
      expect(generated.manifest.validation).toEqual(NEST_PIPE);
    });

    it('the registry validates with them: the method gets a Date, an unknown property is dropped', async () => {
      const sent = { title: 'launch', createdAt: '2026-12-24T10:00:00Z', extra: 1 };
      expect(await nest.call('record_event', sent)).toMatchObject({ isError: false });
      expect(events.received.at(-1)).toBeInstanceOf(EventDto);
      expect(events.received.at(-1)).toEqual(
        Object.assign(new EventDto(), { title: 'launch', createdAt: new Date(sent.createdAt) }),
      );
    });

    it(`${casesText(propertyRuns(1_000))} generated inputs: ajv (unknown properties removed), class-validator under the pipe and the registry agree`, async () => {
      const problems: unknown[] = [];
      let valid = 0;
      for (const input of fc.sample(inputs(eventTool.inputSchema), {
        numRuns: propertyRuns(1_000),
        seed: 5,
      })) {
        const v = await nestJudge(eventTool, EventDto, input);
        const [ajv, cv, gate] = [v.ajv, v.classValidator, v.registry].map((x) => x === 'valid');
        const typeOnly =
          v.ajvErrors.length > 0 &&
          v.ajvErrors.every((e) => ['type', 'required'].includes(e.keyword));
        if (gate) valid++;
        if (gate !== ajv || (ajv && !cv) || (cv && !ajv && !typeOnly))
          problems.push({ input, ...v });
        if (problems.length >= 3) break;
      }
      expect(problems).toEqual([]);
      expect(valid).toBeGreaterThan(propertyRuns(1_000) / 20);
    });

    it('without a manifest, register() takes the same options, and @IsDate() alone passes', async () => {
      const registry = new ToolRegistry({ validation: NEST_PIPE }).register(new EventService());
      const sent = { title: 'launch', createdAt: '2026-12-24T10:00:00Z' };
      expect((await registry.check('record_event', sent)).ok).toBe(true);
    });

    it("options given to the registry that differ from the manifest's are a definition error", () => {
      expect(() => new ToolRegistry({ manifest, validation: NEST_PIPE })).toThrow(
        /validation options .* differ from the manifest's/,
      );
    });

    it('without whitelist, a property no decorator names is in the schema and reaches the method', async () => {
      const options = { transform: true, transformOptions: { enableImplicitConversion: true } };
      const open = generate('EventService.ts', options);
      expect(open.diagnostics).toEqual([]);
      const note = open.manifest.tools.find((t) => t.name === 'add_note')!;
      expect(note.inputSchema.properties.body).toEqual({
        type: 'string',
        description: 'Free text.',
      });
      const notes = new EventService();
      const registry = new ToolRegistry({ manifest: open.manifest }).register(notes);
      expect(await registry.call('add_note', { title: 'a', body: 'b' })).toMatchObject({
        isError: false,
      });
      expect(notes.received.at(-1)).toEqual(
        Object.assign(new NoteDto(), { title: 'a', body: 'b' }),
      );
    });

    it('without transform, the method gets the checked plain object, as a Nest handler does', async () => {
      const plain = new EventService();
      const registry = new ToolRegistry({
        validation: { whitelist: true, transformOptions: { enableImplicitConversion: true } },
      }).register(plain);
      expect(await registry.call('add_note', { title: 'a' })).toMatchObject({ isError: false });
      expect(plain.received.at(-1)).not.toBeInstanceOf(NoteDto);
      expect(plain.received.at(-1)).toEqual({ title: 'a' });
    });
  });
});
