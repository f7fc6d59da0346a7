/**
 * Agreement both ways, per keyword family (issue 11): for each family of keywords toolwright
 * emits or accepts, at least 10,000 generated inputs (valid ones and near-misses biased to the
 * boundaries) get the same verdict from the registry (schema gate, plus class-validator where
 * the tool's plan runs it) and from ajv on the schema codegen emitted. Where class-validator's
 * notion of a format is narrower than JSON Schema's (`@IsUrl`, `@IsUUID`, `Date`/`@IsDate`/
 * `@IsDateString`/`@IsISO8601`, and `@Length`'s character count), the decorator emits a
 * `pattern` saying exactly that, so plain ajv-formats agrees. `email` is the one format whose
 * meaning in toolwright is class-validator's `isEmail` (no regular expression says it: it counts
 * UTF-8 bytes and checks each domain label), so ajv is given `isEmail` for it; the DTOs where
 * class-validator runs after the gate still catch a gate/class-validator disagreement.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { Project } from 'ts-morph';
import { ToolRegistry } from 'toolwright';
import type { ManifestTool } from 'toolwright';
import { runCodegen } from './runCodegen';
import { KeywordService } from './__fixtures__/agreement/KeywordService';
import { agreementJudge } from './__fixtures__/agreement/agreementJudge';
import {
  dateTimes,
  emails,
  inputOf,
  mixedValues,
  recordOf,
  trickyText,
  urls,
  uuids,
} from './__fixtures__/agreement/familyArbitraries';

// A real project is loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(120_000);

const REPO = join(__dirname, '..');
const CASES_PER_FAMILY = 10_000;

function manifestOfFixture() {
  const project = new Project({
    tsConfigFilePath: join(REPO, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  project.addSourceFileAtPath(join(__dirname, '__fixtures__', 'agreement', 'KeywordService.ts'));
  return runCodegen(project, { rootDir: REPO });
}

const { manifest, diagnostics } = manifestOfFixture();
const registry = new ToolRegistry({ manifest }).register(new KeywordService());
const judge = agreementJudge(registry);

const tool = (name: string): ManifestTool => manifest.tools.find((t) => t.name === name)!;

const keyText = trickyText(5);
const patternKeys = fc.oneof(
  fc.constantFrom('x-id', 'x-', 'x-a', 'n_1', 'n_12', 'n_', 'y', 'X-a', 'x-\u{1F600}'),
  fc.constantFrom('n_\u0663', 'x-id\n', '\u{1F600}', ''),
);

/** Each family: its tools, each with the inputs generated for it. */
const FAMILIES: Record<string, [tool: string, inputs: fc.Arbitrary<unknown>][]> = {
  oneOf: [['one_of', inputOf({ v: mixedValues() }, ['v'])]],
  not: [['not', inputOf({ v: mixedValues() }, ['v'])]],
  'minProperties/maxProperties': [
    [
      'property_count',
      inputOf(
        {
          bag: recordOf(
            fc.constantFrom('a', 'b', 'c', 'd', 'e', '\u00E9', '\u{1F600}'),
            fc.oneof(fc.integer(), fc.constantFrom(1.5, 'x', null)),
          ),
        },
        ['bag'],
      ),
    ],
  ],
  propertyNames: [['property_names', inputOf({ bag: recordOf(keyText, fc.boolean()) }, ['bag'])]],
  patternProperties: [
    ['pattern_properties', inputOf({ bag: recordOf(patternKeys, mixedValues(), 4) }, ['bag'])],
  ],
  'string lengths': [
    ['schema_lengths', inputOf({ text: trickyText(), short: trickyText(3) }, ['text'])],
    ...(['lengths', 'checked_lengths'] as const).map(
      (name) =>
        [
          name,
          inputOf({ both: trickyText(), least: trickyText(5), most: trickyText(4) }, ['both']),
        ] as [string, fc.Arbitrary<unknown>],
    ),
  ],
  'format: email': [
    ['email', inputOf({ email: emails() }, ['email'])],
    ['contact', inputOf({ email: emails() }, ['email'])],
    ['checked_contact', inputOf({ email: emails() }, ['email'])],
  ],
  'format: uri': [
    ['uri', inputOf({ uri: urls() }, ['uri'])],
    ['site', inputOf({ url: urls() }, ['url'])],
  ],
  'format: uuid': [
    ['uuid', inputOf({ id: uuids() }, ['id'])],
    ['ids', inputOf({ any: uuids(), v4: uuids() }, ['any'])],
  ],
  'format: date-time': [
    ['date_time', inputOf({ text: dateTimes(), at: dateTimes() }, ['text'])],
    ['times', inputOf({ text: dateTimes(), strict: dateTimes(), at: dateTimes() }, ['text'])],
  ],
};

describe('schema and registry agree, keyword family by keyword family', () => {
  it('codegen reads the fixture without problems', () => {
    expect(diagnostics).toEqual([]);
  });

  it.each(Object.entries(FAMILIES))(
    '%s: 0 disagreements in at least 10,000 cases',
    async (_family, tools) => {
      let cases = 0;
      for (const [name, inputs] of tools) {
        const runs = Math.ceil(CASES_PER_FAMILY / tools.length);
        const tally = await judge.tally(tool(name), inputs, runs);
        expect(tally.first).toBeUndefined();
        // Both verdicts are common, so neither side can agree by saying one thing throughout.
        expect(Math.min(tally.valid, tally.cases - tally.valid)).toBeGreaterThan(runs / 50);
        cases += tally.cases;
      }
      expect(cases).toBeGreaterThanOrEqual(CASES_PER_FAMILY);
    },
  );
});
