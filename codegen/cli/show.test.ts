/** `show --format anthropic|openai|xml` prints exactly what the registry renders for the same tools. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from 'toolwright';
import { runCli } from '../__fixtures__/tempProject';
import { AgreementService } from '../__fixtures__/agreement/AgreementService';

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

  it('anthropic, openai, xml: the registry renderers over the manifest codegen builds', async () => {
    const manifestRun = await runCli(
      ['show', '--format', 'manifest', '-p', join(dir, 'tsconfig.json')],
      dir,
    );
    expect(manifestRun).toMatchObject({ code: 0, stderr: '' });
    const registry = new ToolRegistry({ manifest: JSON.parse(manifestRun.stdout) }).register(
      new AgreementService(),
    );
    const anthropic = await runCli(['show', '-p', join(dir, 'tsconfig.json')], dir);
    expect(anthropic.code).toBe(0);
    expect(JSON.parse(anthropic.stdout)).toEqual(registry.toAnthropic());
    expect(anthropic.stdout).toBe(`${JSON.stringify(registry.toAnthropic(), null, 2)}\n`);
    const openai = await runCli(
      ['show', '--format', 'openai', '-p', join(dir, 'tsconfig.json')],
      dir,
    );
    expect(openai).toEqual({
      code: 0,
      stdout: `${JSON.stringify(registry.toOpenAI(), null, 2)}\n`,
      stderr: '',
    });
    const xml = await runCli(['show', '--format', 'xml', '-p', join(dir, 'tsconfig.json')], dir);
    expect(xml).toEqual({ code: 0, stdout: `${registry.toXmlPrompt()}\n`, stderr: '' });
    expect(xml.stdout).toMatch(
      /^<tools>[\s\S]*<tool_name>place_order<\/tool_name>[\s\S]*<\/tools>\n$/,
    );
  }, 90_000);
});
