/** The CLI as a process, through its launcher script: exit codes and streams of a real run. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tempProject } from './__fixtures__/tempProject';

jest.setTimeout(90_000);

const SERVICE = `import { Tool, Param } from 'toolwright';
export class StockService {
  /** Gets the current stock price for a company. */
  @Tool()
  getCurrentStockPrice(@Param() symbol: string): number { return symbol.length; }
}
`;

/** Runs `toolwright <args>` as a child process (the TypeScript CLI through ts-node). */
function runProcess(args: string[], cwd: string) {
  return spawnSync(
    process.execPath,
    ['-r', require.resolve('ts-node/register/transpile-only'), join(__dirname, 'cli.ts'), ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', 'tsconfig.json') },
    },
  );
}

describe('toolwright CLI process', () => {
  const project = tempProject({ 'src/service.ts': SERVICE });
  afterAll(() => project.cleanup());

  it('exits 1 on a missing manifest with --check, the reason on stderr', () => {
    const run = runProcess(['codegen', '--check'], project.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the file does not exist');
  });
});
