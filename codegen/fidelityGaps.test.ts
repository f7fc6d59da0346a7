/**
 * Issue 31, item 6, as a new user meets each gap (`__fixtures__/fidelity/gaps.ts`), judged by ajv
 * on the emitted schema, by class-validator as a Nest app runs it, and by `registry.check`: where
 * the three still part, codegen says so at the line, and the registry's message says why.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { ToolRegistry } from 'toolwright';
import type { ManifestTool } from 'toolwright';
import { ContactDto, DueDto, PriceDto, TicketDto } from './__fixtures__/fidelity/gaps';
import { GapService } from './__fixtures__/fidelity/GapService';
import { compileStrict } from './__fixtures__/strictSchema';
import { threeWayJudge } from './__fixtures__/realworld/threeWayJudge';
import { cachedCodegen } from '../test/cachedCodegen';

jest.setTimeout(120_000);

const REPO = join(__dirname, '..');
const { manifest, diagnostics } = cachedCodegen(
  [join(__dirname, '__fixtures__', 'fidelity', 'GapService.ts')],
  { rootDir: REPO },
);
const registry = new ToolRegistry({ manifest }).register(new GapService());
const judge = threeWayJudge(registry);
const toolNamed = (name: string): ManifestTool => manifest.tools.find((t) => t.name === name)!;
const said = (verdict: string) => (verdict === 'valid' ? 'valid' : 'refused');

/** ajv, class-validator and the registry on one input, each as valid or refused. */
async function verdicts(tool: string, dto: new () => object, input: object) {
  const v = await judge(toolNamed(tool), dto, input);
  return { ajv: said(v.ajv), classValidator: said(v.classValidator), registry: said(v.registry) };
}

const warnings = diagnostics.map((d) => `${d.line} ${d.code} ${d.message}`);

describe('issue 31, item 6: the smaller gaps, judged three ways', () => {
  it('every schema compiles under ajv strict', () => {
    for (const tool of manifest.tools) compileStrict(tool.inputSchema, tool.name);
  });

  describe('a nested class without @ValidateNested()', () => {
    it('codegen warns at the property (TW213), naming the fix; one with @ValidateNested() is quiet', () => {
      expect(warnings.filter((w) => w.includes('TW213') && w.includes('address'))).toEqual([
        expect.stringMatching(
          /^31 TW213 address is typed AddressDto but has no @ValidateNested\(\), so class-validator does not check inside it.*add @ValidateNested\(\) \(with @Type\(\(\) => AddressDto\)\)/,
        ),
      ]);
      expect(warnings.join('\n')).not.toMatch(/billing/);
    });

    it('the warned difference: class-validator does not look inside, the schema and the gate do', async () => {
      expect(
        await verdicts('add_contact', ContactDto, { name: 'a', address: { street: 5 } }),
      ).toEqual({ ajv: 'refused', classValidator: 'valid', registry: 'refused' });
      expect(
        await verdicts('add_contact', ContactDto, { name: 'a', address: { street: 'Main St' } }),
      ).toEqual({ ajv: 'valid', classValidator: 'valid', registry: 'valid' });
    });
  });

  describe('a validator of a shared package, declared in a .d.ts', () => {
    it('is detected: TW211 at the decorator, and class-validator runs it', async () => {
      expect(warnings).toContainEqual(
        expect.stringMatching(
          /^\d+ TW211 @IsShopCurrency on currency is a validator the schema cannot say/,
        ),
      );
      expect(await verdicts('set_price', PriceDto, { amount: '1', currency: 'EUR' })).toEqual({
        ajv: 'valid',
        classValidator: 'valid',
        registry: 'valid',
      });
      expect(await verdicts('set_price', PriceDto, { amount: '1', currency: 'NOK' })).toEqual({
        ajv: 'valid',
        classValidator: 'refused',
        registry: 'refused',
      });
      expect(await registry.check('set_price', { amount: '1', currency: 'NOK' })).toMatchObject({
        error: expect.stringContaining('currency: currency must be EUR or USD'),
      });
    });
  });

  describe('a Date through @Type(() => Date)', () => {
    it('a day the calendar lacks (2872-11-31) is refused by the schema and the gate, which say why', async () => {
      const input = { due: '2872-11-31T00:00:00Z' };
      // class-transformer's new Date() rolls it over to 2872-12-01; the schema's date-time does not.
      expect(await verdicts('set_due', DueDto, input)).toEqual({
        ajv: 'refused',
        classValidator: 'valid',
        registry: 'refused',
      });
      expect(await registry.check('set_due', input)).toMatchObject({
        error: expect.stringContaining(
          'due: due must be a date that exists in the calendar (2872-11-31 does not)',
        ),
      });
    });

    it('other text new Date() reads, and epoch numbers, are refused: the type asks for a date-time (docs/build.md)', async () => {
      for (const due of ['2026-12-24', 'Dec 24 2026', 1_798_070_400_000]) {
        expect(await verdicts('set_due', DueDto, { due })).toEqual({
          ajv: 'refused',
          classValidator: 'valid',
          registry: 'refused',
        });
      }
      expect(await verdicts('set_due', DueDto, { due: '2026-12-24T10:00:00Z' })).toEqual({
        ajv: 'valid',
        classValidator: 'valid',
        registry: 'valid',
      });
    });
  });

  describe('where the gate holds to the TypeScript type (docs/validation.md)', () => {
    it('a numeric enum: isEnum also takes the member names, the type and the gate do not', async () => {
      expect(await verdicts('open_ticket', TicketDto, { priority: 'Low' })).toEqual({
        ajv: 'refused',
        classValidator: 'valid',
        registry: 'refused',
      });
      expect(await verdicts('open_ticket', TicketDto, { priority: 1 })).toEqual({
        ajv: 'valid',
        classValidator: 'valid',
        registry: 'valid',
      });
    });

    it('@Matches reading an emoji by halves: the schema refuses emoji (said in the message)', async () => {
      expect(await verdicts('open_ticket', TicketDto, { priority: 1, code: '\u{1F600}' })).toEqual({
        ajv: 'refused',
        classValidator: 'valid',
        registry: 'refused',
      });
      expect(await registry.check('open_ticket', { priority: 1, code: '\u{1F600}' })).toMatchObject(
        { error: expect.stringContaining('must not contain emoji') },
      );
    });
  });

  describe('a property with @Exclude() only', () => {
    it('codegen says what happens to it (TW213): left out of the schema, refused when sent', async () => {
      expect(warnings).toContainEqual(
        expect.stringMatching(
          /^\d+ TW213 internalId has @Exclude\(\): class-transformer drops whatever is sent for it/,
        ),
      );
      expect(toolNamed('save_record').inputSchema.properties).not.toHaveProperty('internalId');
      expect(await registry.check('save_record', { name: 'a', internalId: 'x' })).toMatchObject({
        ok: false,
        error: expect.stringContaining('internalId'),
      });
      expect((await registry.check('save_record', { name: 'a' })).ok).toBe(true);
    });
  });
});
