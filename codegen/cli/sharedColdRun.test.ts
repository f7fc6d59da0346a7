/**
 * A one-shot run on two threads (a real worker thread) reads the same manifest and the same
 * diagnostics as one thread, across what a split could break: a DTO file several shares import,
 * a global declared by a script file, a tool name declared in two shares, a TypeScript error
 * that sends the run to the full program, and `toolwright codegen --threads` as a process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempProject } from '../__fixtures__/tempProject';
import { openPrograms, parseTsconfig } from '../collect/loadProgram';
import { runColdCodegen } from '../runProgram';
import { startCodegenHelper } from './codegenHelper';
import { runSharedColdCodegen } from './sharedColdRun';

jest.setTimeout(180_000);

const DTO = `import { IsInt, Min } from 'class-validator';
/** A page of results. */
export class PageDto {
  /** Which page. */
  @IsInt() @Min(1) page!: number;
}
`;

/** A script (no import or export): its interface is global to every file of the project. */
const GLOBALS = `interface GlobalFilter {
  /** Only these tags. */
  tags: string[];
}
`;

/** Tool file `n`: one tool on the shared DTO, one on the global type, one named per file. */
const service = (n: number, name = `lookup${n}`) => `import { Tool, Param } from 'toolwright';
import { PageDto } from './page.dto';

export class Service${n} {
  /** Lists the page of things ${n}. */
  @Tool()
  list${n}(@Param() page: PageDto): string[] { return [String(page.page)]; }

  /** Filters things ${n}. */
  @Tool()
  filter${n}(@Param() filter: GlobalFilter): number { return filter.tags.length; }

  /** Looks one thing up. */
  @Tool({ name: '${name}' })
  find${n}(@Param() id: string): string { return id; }
}
`;

function project(extra: Record<string, string> = {}) {
  const files: Record<string, string> = { 'src/page.dto.ts': DTO, 'src/globals.ts': GLOBALS };
  for (let n = 0; n < 20; n++) files[`src/service${n}.ts`] = service(n);
  return tempProject({ ...files, ...extra });
}

async function bothWays(root: string) {
  const tsconfig = join(root, 'tsconfig.json');
  const one = runColdCodegen(openPrograms(tsconfig));
  const helper = startCodegenHelper(tsconfig, 2);
  expect(helper).toBeDefined();
  const two = await runSharedColdCodegen(tsconfig, parseTsconfig(tsconfig), {}, helper);
  return { one, two, helped: helper!.extracted };
}

describe('a one-shot run on two threads', () => {
  it('reads what one thread reads, with the helper extracting its share', async () => {
    const { root, cleanup } = project();
    try {
      const { one, two, helped } = await bothWays(root);
      expect(one.manifest.tools).toHaveLength(60);
      expect(two).toEqual(one);
      expect(helped.length).toBeGreaterThanOrEqual(8);
      const filter = one.manifest.tools.find((tool) => tool.name === 'filter3')!;
      expect(filter.inputSchema).toMatchObject({
        properties: { filter: { properties: { tags: { description: 'Only these tags.' } } } },
      });
    } finally {
      cleanup();
    }
  });

  it('reports a name declared in two shares and a TypeScript error as one thread does', async () => {
    const { root, cleanup } = project({
      'src/service4.ts': service(4, 'twice'),
      'src/service15.ts': service(15, 'twice').replace('id: string', 'id: Missing'),
      'src/service16.ts': service(16, 'twice'),
    });
    try {
      const { one, two } = await bothWays(root);
      expect(one.diagnostics.map((d) => d.code)).toEqual(
        expect.arrayContaining(['TW107', 'TW113']),
      );
      expect(two).toEqual(one);
    } finally {
      cleanup();
    }
  });

  it('writes the same manifest with --threads 2 and --threads 1 as a process', () => {
    const { root, cleanup } = project();
    try {
      const run = (threads: string, out: string) =>
        spawnSync(
          process.execPath,
          [
            '-r',
            require.resolve('ts-node/register/transpile-only'),
            join(__dirname, '..', 'cli.ts'),
            'codegen',
            '--threads',
            threads,
            '-o',
            out,
          ],
          {
            cwd: root,
            encoding: 'utf8',
            env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
          },
        );
      const two = run('2', 'two.manifest.ts');
      const one = run('1', 'one.manifest.ts');
      expect(two.stderr).toBe('Wrote two.manifest.ts (60 tools).\n');
      expect(one.stderr).toBe('Wrote one.manifest.ts (60 tools).\n');
      expect(readFileSync(join(root, 'two.manifest.ts'), 'utf8')).toBe(
        readFileSync(join(root, 'one.manifest.ts'), 'utf8'),
      );
      const wrong = run('3', 'x.ts');
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain('--threads takes 1 or 2, not 3');
    } finally {
      cleanup();
    }
  });
});
