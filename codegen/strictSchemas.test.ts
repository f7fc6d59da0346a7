/**
 * Every schema codegen emits is valid JSON Schema (issues 10 and 18): the samples' manifest and
 * the on-disk fixtures' (the agreement service, the real-world DTOs) compile under ajv 2020
 * strict. (The inline fixture suites check theirs in `generate`, on every run.)
 */
import { manifest as samplesManifest } from '../samples/tools.manifest';
import { fixtureManifest } from './__fixtures__/fixtureManifest';
import { compileStrict } from './__fixtures__/strictSchema';

// A real project is loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

// Not `agreement/KeywordService.ts`: its schemas are hand-written `@Param({ schema })` fragments
// that exercise the gate's keywords, some on purpose beyond strict's lints (a property that a
// `patternProperties` key also matches).
const FIXTURES = ['agreement/AgreementService.ts', 'realworld/RealWorldService.ts'];

describe('every emitted schema compiles under ajv 2020 strict', () => {
  it.each(samplesManifest.tools.map((tool) => [tool.name, tool] as const))(
    'samples: %s',
    (name, tool) => {
      expect(() => compileStrict(tool.inputSchema, name)).not.toThrow();
      if (tool.outputSchema)
        expect(() => compileStrict(tool.outputSchema!, `${name} (output)`)).not.toThrow();
    },
  );

  it.each(FIXTURES)('the fixture %s', (file) => {
    const { tools } = fixtureManifest([file]);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      compileStrict(tool.inputSchema, tool.name);
      if (tool.outputSchema) compileStrict(tool.outputSchema, `${tool.name} (output)`);
    }
  });

  it('a schema strict mode refuses is reported, naming the tool', () => {
    expect(() =>
      compileStrict({ type: 'array', items: { type: 'string' }, minimum: 1 }, 'bad'),
    ).toThrow(
      /bad: the emitted schema does not compile under ajv 2020 strict: strict mode: missing type "number" for keyword "minimum"/,
    );
  });
});
