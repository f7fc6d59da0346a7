/**
 * Issue 18's type cases, judged three ways: the schema codegen emits (ajv 2020 strict), the
 * registry's gate (`registry.check`, with the manifest) and TypeScript's own reading of the type,
 * which the values below follow. What codegen cannot say exactly is a warning at the line.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ToolRegistry } from '../src/registry/ToolRegistry';
import { cachedCodegen } from '../test/cachedCodegen';
import { compileStrict } from './__fixtures__/strictSchema';
import { TypeCasesService } from './__fixtures__/types/TypeCasesService';

jest.setTimeout(90_000);

const REPO = join(__dirname, '..');

function generate() {
  return cachedCodegen([join(__dirname, '__fixtures__', 'types', 'TypeCasesService.ts')], {
    rootDir: REPO,
  });
}

const { manifest, diagnostics } = generate();
const registry = new ToolRegistry({ manifest }).register(new TypeCasesService());
const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
addFormats(ajv);

const inputOf = (name: string) => manifest.tools.find((tool) => tool.name === name)!.inputSchema;

/** Whether ajv (on the emitted schema) and the registry's gate accept `input`: both must agree. */
async function accepted(tool: string, input: Record<string, unknown>): Promise<boolean> {
  const byAjv = ajv.validate(inputOf(tool), input);
  const byGate = (await registry.check(tool, input)).ok;
  expect({ tool, input, byGate }).toEqual({ tool, input, byGate: byAjv });
  return byGate;
}

const located = diagnostics.map((d) => `${d.line} ${d.severity} ${d.code}: ${d.message}`);

describe('type cases codegen describes', () => {
  it('every emitted schema compiles under ajv 2020 strict', () => {
    for (const tool of manifest.tools) compileStrict(tool.inputSchema, tool.name);
  });

  it('@format date on a Date is a date alone; @format time on a Date is refused, said, and ignored', async () => {
    expect(inputOf('book').properties!.booking).toMatchObject({
      properties: { day: { type: 'string', format: 'date' }, at: { format: 'date-time' } },
    });
    const at = '2025-12-31T10:00:00Z';
    expect(await accepted('book', { booking: { day: '2025-12-31', at } })).toBe(true);
    expect(await accepted('book', { booking: { day: at, at } })).toBe(false);
    expect(await accepted('book', { booking: { day: '2025-12-31', at: '10:00:00' } })).toBe(false);
    expect(located).toContainEqual(
      expect.stringMatching(
        /^19 warning TW206: @format time on booking\.at: a Date holds a date and a time, so it is a date-time or a date; fix the tag \(it is ignored\), or take a string for a time$/,
      ),
    );
  });

  it('typeof an enum is the enum object, described as such, with a warning naming the fix', async () => {
    expect(await accepted('palette', { colors: { Red: 'red', Blue: 'blue' } })).toBe(true);
    expect(await accepted('palette', { colors: 'red' })).toBe(false);
    expect(await registry.call('palette', { colors: { Red: 'red', Blue: 'blue' } })).toEqual({
      content: 'red,blue',
      isError: false,
    });
    expect(located).toContainEqual(
      expect.stringContaining(
        'TW215: TypeCasesService.palette: typeof Color is the enum object (its members by name) (at colors), described as such; for one of its values write Color',
      ),
    );
  });

  it('Record<string, never> is the empty object and `b?: never` may only be absent', async () => {
    expect(await accepted('shapes', { empty: {}, either: { a: 'x' } })).toBe(true);
    expect(await accepted('shapes', { empty: { k: 1 }, either: { a: 'x' } })).toBe(false);
    expect(await accepted('shapes', { empty: {}, either: { a: 'x', b: 'y' } })).toBe(false);
    expect(await registry.call('shapes', { empty: {}, either: { a: 'x' } })).toEqual({
      content: '1',
      isError: false,
    });
  });

  it("a Record's key alias pattern holds for the keys, and numeric index keys are numbers", async () => {
    expect(inputOf('tallies').properties!.bySlug).toMatchObject({
      propertyNames: { pattern: '^[a-z]+$' },
    });
    const ok = { bySlug: { abc: 1 }, byNumber: { '1': 'one', '-2': 'minus two', '0.5': 'half' } };
    expect(await accepted('tallies', ok)).toBe(true);
    expect(await accepted('tallies', { ...ok, bySlug: { ABC: 1 } })).toBe(false);
    expect(await accepted('tallies', { ...ok, byNumber: { one: 'x' } })).toBe(false);
    expect(await accepted('tallies', { ...ok, byNumber: { '01': 'x' } })).toBe(false);
  });

  it('tags other generators read are warned at their line, and change nothing', async () => {
    const legacy = located.filter((line) => line.includes('TW214'));
    expect(legacy).toEqual([
      '26 warning TW214: @nullable on legacy.note is not a tag toolwright reads, so it changes nothing in the schema; write `| null` in the type',
      expect.stringMatching(/^27 warning TW214: @TJS-type on legacy\.note /),
      expect.stringMatching(/^28 warning TW214: @items\.minimum on legacy\.note /),
    ]);
    expect(inputOf('legacy').properties!.legacy).toMatchObject({
      properties: { note: { type: 'string', description: 'A note.' } },
    });
    expect(await accepted('legacy', { legacy: { note: null } })).toBe(false);
  });

  it('says nothing else', () => {
    expect(located.filter((line) => !/TW206|TW214|TW215/.test(line))).toEqual([]);
  });
});
