/** The CLI as a process, through its launcher script: exit codes and streams of a real run. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempProject } from './__fixtures__/tempProject';
import { FROM_SOURCE } from '../test/fromSource';

jest.setTimeout(90_000);

const SERVICE = `import { Tool, Param } from 'toolwright';
export class StockService {
  /** Gets the current stock price for a company. */
  @Tool()
  getCurrentStockPrice(@Param() symbol: string): number { return symbol.length; }
}
`;

/** Runs `toolwright <args>` as a child process (the TypeScript CLI from source, through SWC). */
function runProcess(args: string[], cwd: string) {
  return spawnSync(process.execPath, [...FROM_SOURCE, join(__dirname, 'cli.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', 'tsconfig.json') },
  });
}

describe('toolwright CLI process', () => {
  const project = tempProject({ 'src/service.ts': SERVICE });
  afterAll(() => project.cleanup());

  it('exits 1 on a missing manifest with --check, the reason on stderr', () => {
    const run = runProcess(['codegen', '--check'], project.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the file does not exist');
  });

  it('writes the manifest of a one-shot run without loading ts-morph (only --watch needs it)', () => {
    const cli = JSON.stringify(join(__dirname, 'cli.ts'));
    const script = `require(${cli})
      .main(['codegen', '-o', 'out/tools.manifest.ts'], {
        stdout: () => undefined, stderr: () => undefined, cwd: process.cwd(), color: false,
      })
      .then((code) => console.log(JSON.stringify({
        code,
        tsMorph: Object.keys(require.cache).filter((path) => path.includes('/ts-morph/dist/')),
      })));`;
    const run = spawnSync(process.execPath, [...FROM_SOURCE, '-e', script], {
      cwd: project.root,
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', 'tsconfig.json') },
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ code: 0, tsMorph: [] });
    expect(readFileSync(join(project.root, 'out/tools.manifest.ts'), 'utf8')).toContain(
      'get_current_stock_price',
    );
  });
});
