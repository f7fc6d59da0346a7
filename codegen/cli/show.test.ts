/**
 * `show` prints exactly what the registry renders for the same tools. The project (the whole
 * library's sources, through the fixture's imports) is loaded once, by one `show` run; the other
 * formats render that run's manifest through the same table `show --format` uses (the CLI's
 * handling of `--format` itself is covered on a small project in `cli.test.ts`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from 'toolwright';
import type { ToolManifest } from '../../src/manifest/types';
import { runCli } from '../__fixtures__/tempProject';
import { AgreementService } from '../__fixtures__/agreement/AgreementService';
import { SHOW_FORMATS } from './formats';
import { strictInputSchema } from '../../src/schema/strict/projectStrictSchema';
import { strictSubsetProblems } from '../../src/testing/strictSubset';

const REPO = join(__dirname, '..', '..');

describe('toolwright show', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-show-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(REPO, 'tsconfig.json'),
      compilerOptions: { baseUrl: REPO, types: [] },
      files: [join(__dirname, '..', '__fixtures__', 'agreement', 'AgreementService.ts')],
      include: [],
    }),
  );
  let manifest: ToolManifest;
  let registry: ToolRegistry;

  beforeAll(async () => {
    const run = await runCli(
      ['show', '--format', 'manifest', '-p', join(dir, 'tsconfig.json')],
      dir,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    manifest = JSON.parse(run.stdout) as ToolManifest;
    expect(run.stdout).toBe(SHOW_FORMATS.manifest!.render(manifest));
    registry = new ToolRegistry({ manifest }).register(new AgreementService());
  }, 90_000);

  it('anthropic is registry.toAnthropic(), as indented JSON', () => {
    expect(SHOW_FORMATS.anthropic!.render(manifest)).toBe(
      `${JSON.stringify(registry.toAnthropic(), null, 2)}\n`,
    );
  });

  it('openai is registry.toOpenAI(), as indented JSON', () => {
    expect(SHOW_FORMATS.openai!.render(manifest)).toBe(
      `${JSON.stringify(registry.toOpenAI(), null, 2)}\n`,
    );
  });

  it('every projected schema of the fixture tools is inside the strict subsets (or refused with a reason)', () => {
    const refused: string[] = [];
    for (const tool of manifest.tools) {
      for (const provider of ['anthropic', 'openai'] as const) {
        const projection = strictInputSchema(tool.inputSchema, provider);
        if (!projection.strict) refused.push(`${tool.name} (${provider}): ${projection.reason}`);
        else
          expect([tool.name, strictSubsetProblems(projection.schema, provider)]).toEqual([
            tool.name,
            [],
          ]);
      }
    }
    expect(refused.length).toBeLessThan(manifest.tools.length * 2);
    for (const reason of refused) expect(reason).toMatch(/\(\w+\): \S.*: \S/);
  });

  it("xml is registry.toXmlPrompt()'s <tools> section", () => {
    const xml = SHOW_FORMATS.xml!.render(manifest);
    expect(xml).toBe(`${registry.toXmlPrompt()}\n`);
    expect(xml).toMatch(/^<tools>[\s\S]*<tool_name>place_order<\/tool_name>[\s\S]*<\/tools>\n$/);
  });
});
