/**
 * A bundled application keeps its manifest join (issue: bundlers rename classes). The samples
 * are bundled with esbuild, minified (classes renamed, no decorator metadata, as esbuild never
 * emits it), then run in a fresh Node process: every tool joins its manifest entry and runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');

interface BundleOutput {
  classNames: string[];
  tools: string[];
  calls: Record<string, { content: unknown; isError: boolean }>;
}

describe('a sample bundled by esbuild with minified names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runBundle(): BundleOutput {
    const outfile = join(dir, 'main.js');
    buildSync({
      entryPoints: [join(__dirname, 'main.ts')],
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      tsconfig: join(root, 'tsconfig.json'),
      logLevel: 'silent',
      // Optional peers the samples never load.
      external: [
        '@nestjs/*',
        'ioredis',
        '@modelcontextprotocol/sdk',
        '@modelcontextprotocol/sdk/*',
      ],
    });
    return JSON.parse(
      execFileSync(process.execPath, [outfile], { encoding: 'utf8' }),
    ) as BundleOutput;
  }

  it('renames the classes, and the registry still joins every tool with its manifest entry', () => {
    const output = runBundle();
    expect(output.classNames).not.toContain('CalculatorService');
    expect(output.classNames).not.toContain('OrderService');
    expect(output.tools).toEqual([
      'perform_addition=CalculatorService',
      'perform_subtraction=CalculatorService',
      'get_weather=WeatherService',
      'place_order=OrderService',
    ]);
    expect(output.calls.add).toEqual({ content: '22', isError: false });
    expect(output.calls.badAdd.isError).toBe(true);
    expect(output.calls.badAdd.content).toBe(
      'Invalid input for tool "perform_addition":\na: a must be a number',
    );
    expect(output.calls.order).toEqual({
      content: JSON.stringify({ placedBy: 'u1', items: 1 }),
      isError: false,
    });
  });
});
