/**
 * The CLI reads `toolwright.validation` through the tsconfig's `extends` chain, as TypeScript
 * reads `compilerOptions`: a shared base config (a relative file or a package in node_modules)
 * sets the app's ValidationPipe options once, and a project's own keys win over the base's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempProject } from '../__fixtures__/tempProject';
import { readCodegenSettings } from './codegenSettings';

jest.setTimeout(90_000);

const SERVICE = `import { Tool, Params } from 'toolwright';
import { IsDate, IsString } from 'class-validator';

export class EventDto {
  @IsString() title!: string;
  @IsDate() createdAt!: Date;
}

export class EventService {
  /** Records an event. */
  @Tool()
  recordEvent(@Params() event: EventDto) { return event.title; }
}
`;

const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'commonjs',
  strict: true,
  experimentalDecorators: true,
  skipLibCheck: true,
  types: [],
};
const NEST_PIPE = { transform: true, transformOptions: { enableImplicitConversion: true } };

const projects: { cleanup: () => void }[] = [];
const project = (files: Record<string, string>) => {
  const created = tempProject(files);
  projects.push(created);
  return created.root;
};
afterAll(() => projects.forEach((p) => p.cleanup()));

describe('toolwright.validation through extends', () => {
  it("a shared base config's ValidationPipe options hold: @IsDate() without @Type is no TW120", async () => {
    const root = project({
      'node_modules/@acme/tsconfig/package.json': '{"name":"@acme/tsconfig"}',
      'node_modules/@acme/tsconfig/nest.json': JSON.stringify({
        compilerOptions: COMPILER_OPTIONS,
        toolwright: { validation: NEST_PIPE },
      }),
      'tsconfig.json': JSON.stringify({ extends: '@acme/tsconfig/nest', include: ['src'] }),
      'src/service.ts': SERVICE,
    });
    const run = await runCli(['codegen'], root);
    expect(run).toMatchObject({ code: 0, stderr: 'Wrote src/tools.manifest.ts (1 tool).\n' });
    expect(readFileSync(join(root, 'src/tools.manifest.ts'), 'utf8')).toContain(
      '"enableImplicitConversion": true',
    );
  });

  it('without them, the same project fails with TW120, as before', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src'] }),
      'src/service.ts': SERVICE,
    });
    const run = await runCli(['codegen'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error TW120: @IsDate on createdAt wants a Date instance');
  });

  it('a chain of relative configs: each file’s own keys win, later extends entries over earlier', () => {
    const root = project({
      'configs/base.json': JSON.stringify({
        toolwright: { validation: { whitelist: true, transform: true } },
      }),
      'configs/strict.json': JSON.stringify({
        extends: './base',
        toolwright: { validation: { forbidNonWhitelisted: true } },
      }),
      'configs/loose.json': JSON.stringify({
        toolwright: { validation: { forbidNonWhitelisted: false } },
      }),
      'tsconfig.json': `{
        // comments, as TypeScript allows them
        "extends": ["./configs/loose.json", "./configs/strict.json"],
        "toolwright": { "validation": { "transform": false } },
      }`,
    });
    expect(readCodegenSettings(join(root, 'tsconfig.json'))).toEqual({
      validation: { whitelist: true, transform: false, forbidNonWhitelisted: true },
    });
    expect(readCodegenSettings(join(root, 'configs/loose.json'))).toEqual({
      validation: { forbidNonWhitelisted: false },
    });
  });

  it('a base that cannot be found, or a cycle, is an error naming the file', () => {
    const root = project({
      'a.json': JSON.stringify({ extends: './b.json' }),
      'b.json': JSON.stringify({ extends: './a.json' }),
      'c.json': JSON.stringify({ extends: '@nowhere/tsconfig' }),
      'd.json': JSON.stringify({ extends: './base', toolwright: { validation: { strip: 1 } } }),
      'base.json': '{}',
    });
    expect(() => readCodegenSettings(join(root, 'a.json'))).toThrow(/a\.json extends itself/);
    expect(() => readCodegenSettings(join(root, 'c.json'))).toThrow(
      /c\.json extends "@nowhere\/tsconfig", which cannot be found/,
    );
    expect(() => readCodegenSettings(join(root, 'd.json'))).toThrow(
      /toolwright\.validation in .*d\.json has strip; it takes the ValidationPipe options/,
    );
  });
});
