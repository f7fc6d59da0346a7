/**
 * The generated manifest lives beside the project's own code, which the project lints and
 * formats (a Nest application: typescript-eslint, prettier with `singleQuote` and trailing
 * commas). The real prettier and ESLint leave the file alone, and a manifest a formatter did
 * rewrite (one written before the headers, or by a tool that ignores them) that means the same
 * is not stale for `codegen --check`, nor rewritten by `codegen`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import type { Options as PrettierOptions } from 'prettier';
import * as estree from 'prettier/plugins/estree';
import * as typescript from 'prettier/plugins/typescript';
import * as prettier from 'prettier/standalone';
import tseslint from 'typescript-eslint';
import { runCli, tempProject } from '../__fixtures__/tempProject';
import { moduleMeaning } from '../emit/readManifestModule';

jest.setTimeout(90_000);

/** Nest's `.prettierrc`, with the real prettier's TypeScript parser (standalone: Jest's VM runs it). */
const NEST_PRETTIER: PrettierOptions = {
  parser: 'typescript',
  plugins: [estree, typescript],
  singleQuote: true,
  trailingComma: 'all',
};

/**
 * A Nest-like ESLint config: typescript-eslint's recommended rules, and the style the prettier
 * plugin enforces there as plain rules (single quotes, trailing commas), which the JSON literal
 * of a manifest breaks on every line.
 */
const nestEslint = () =>
  new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      ...(tseslint.configs.recommended as ESLint.Options['overrideConfig'][]),
      { rules: { quotes: ['error', 'single'], 'comma-dangle': ['error', 'always-multiline'] } },
    ] as ESLint.Options['overrideConfig'],
  });

const SERVICE = `import { Tool, Param } from 'toolwright';

export class StockService {
  /**
   * Gets the current stock price for a company.
   * @param symbol The stock symbol.
   */
  @Tool()
  getCurrentStockPrice(@Param() symbol: 'GM' | 'F' | "O'Reilly", @Param() days?: number): number {
    return symbol.length + (days ?? 0);
  }
}
`;

const { root, cleanup } = tempProject({ 'src/service.ts': SERVICE });
afterAll(cleanup);
const manifestPath = join(root, 'src', 'tools.manifest.ts');

let written = '';
beforeAll(async () => {
  expect((await runCli(['codegen'], root)).code).toBe(0);
  written = readFileSync(manifestPath, 'utf8');
});

/** The manifest without its lint and format headers, as a formatter that ignores them sees it. */
const withoutHeaders = (text: string): string =>
  text.replace('/* eslint-disable */\n', '').replace(/\/\/ prettier-ignore\n/g, '');

describe('the generated manifest and the project’s linters and formatters', () => {
  it('prettier leaves it as it is, under the Nest config and this repository’s', async () => {
    expect(written.startsWith('/* eslint-disable */\n')).toBe(true);
    expect(await prettier.check(written, NEST_PRETTIER)).toBe(true);
    const ours = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '.prettierrc.json'), 'utf8'),
    ) as PrettierOptions;
    expect(await prettier.check(written, { ...NEST_PRETTIER, ...ours })).toBe(true);
    // Without the headers the same text is not prettier's style.
    expect(await prettier.check(withoutHeaders(written), NEST_PRETTIER)).toBe(false);
  });

  it('ESLint reports nothing in it, where the same text without the header has problems', async () => {
    const [result] = await nestEslint().lintText(written, { filePath: manifestPath });
    expect(result!.messages).toEqual([]);
    const [bare] = await nestEslint().lintText(withoutHeaders(written), { filePath: manifestPath });
    expect(bare!.messages.length).toBeGreaterThan(0);
  });

  it('a manifest prettier rewrote that means the same is up to date, and codegen leaves it', async () => {
    const formatted = await prettier.format(withoutHeaders(written), NEST_PRETTIER);
    expect(formatted).not.toBe(withoutHeaders(written));
    expect(formatted).toContain("name: 'get_current_stock_price',");
    writeFileSync(manifestPath, formatted);
    try {
      const check = await runCli(['codegen', '--check'], root);
      expect(moduleMeaning(formatted)).toBe(moduleMeaning(written));
      expect(check).toMatchObject({ code: 0 });
      expect(check.stderr).toBe('src/tools.manifest.ts is up to date (1 tool).\n');
      const run = await runCli(['codegen'], root);
      expect(run.stderr).toBe('Unchanged: src/tools.manifest.ts (1 tool).\n');
      expect(readFileSync(manifestPath, 'utf8')).toBe(formatted);
    } finally {
      writeFileSync(manifestPath, written);
    }
  });

  it('a formatted manifest that means something else is stale, with what changed', async () => {
    const formatted = await prettier.format(
      withoutHeaders(written).replace(
        '"description": "Gets the current stock price for a company."',
        '"description": "Gets a price."',
      ),
      NEST_PRETTIER,
    );
    writeFileSync(manifestPath, formatted);
    try {
      const check = await runCli(['codegen', '--check'], root);
      expect(check).toMatchObject({ code: 1 });
      expect(check.stderr).toBe(
        'src/tools.manifest.ts is stale; run toolwright codegen:\n  ~ get_current_stock_price (description changed)\n',
      );
    } finally {
      writeFileSync(manifestPath, written);
    }
  });
});
