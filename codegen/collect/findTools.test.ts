/** Which decorators count as toolwright's: resolved by package, through aliases and re-exports. */
import { generate } from '../__fixtures__/inlineProject';

const toolNames = (files: Record<string, string>): string[] =>
  generate(files).manifest.tools.map((tool) => tool.name);

const service = (imports: string, decorator: string, param: string) => `${imports}
export class S {
  /** Does it. */
  @${decorator}()
  doIt(@${param}() x: string) { return x; }
}
`;

describe('finding tools', () => {
  it('finds a named import', () => {
    expect(
      toolNames({ 'a.ts': service("import { Tool, Param } from 'toolwright';", 'Tool', 'Param') }),
    ).toEqual(['do_it']);
  });

  it('finds an aliased import', () => {
    const source = service("import { Tool as T, Param as P } from 'toolwright';", 'T', 'P');
    expect(generate({ 'a.ts': source })).toMatchObject({
      manifest: { tools: [{ name: 'do_it', params: [{ kind: 'named', name: 'x' }] }] },
      diagnostics: [],
    });
  });

  it('finds a namespace import', () => {
    const source = service("import * as tw from 'toolwright';", 'tw.Tool', 'tw.Param');
    expect(generate({ 'a.ts': source })).toMatchObject({
      manifest: { tools: [{ name: 'do_it', params: [{ kind: 'named', name: 'x' }] }] },
      diagnostics: [],
    });
  });

  it('finds decorators re-exported through a local barrel, renamed', () => {
    const files = {
      'lib/decorators.ts': "export { Tool as LlmTool, Param as Arg } from 'toolwright';",
      'lib/index.ts': "export * from './decorators';",
      'a.ts': service("import { LlmTool, Arg } from './lib';", 'LlmTool', 'Arg'),
    };
    expect(toolNames(files)).toEqual(['do_it']);
  });

  it('finds decorators through a CommonJS export = module, and one name imported in many files', () => {
    const files = {
      'lib/cjs.d.ts': "import * as tw from 'toolwright';\nexport = tw;",
      'a.ts': service("import { Tool, Param } from './lib/cjs';", 'Tool', 'Param'),
      'b.ts': service("import { Tool, Param } from './lib/cjs';", 'Tool', 'Param').replace(
        'doIt',
        'doThat',
      ),
    };
    expect(generate(files).manifest.tools.map((tool) => tool.name)).toEqual(['do_it', 'do_that']);
    const direct = {
      'a.ts': service("import { Tool, Param } from 'toolwright';", 'Tool', 'Param'),
      'b.ts': service(
        "import { Tool } from 'toolwright';\nimport { Param } from 'class-validator';",
        'Tool',
        'Param',
      ).replace('doIt', 'doThat'),
    };
    expect(
      generate(direct).manifest.tools.map((t) => `${t.target.file} ${t.params.length}`),
    ).toEqual(['a.ts 1', 'b.ts 0']);
  });

  it('ignores a look-alike Tool declared locally', () => {
    const source = `import { Param } from 'toolwright';
function Tool(): MethodDecorator { return () => undefined; }
export class S {
  @Tool()
  notATool(@Param() x: string) { return x; }
}`;
    expect(generate({ 'a.ts': source })).toEqual({
      manifest: { version: 1, tools: [] },
      diagnostics: [],
    });
  });

  it('ignores a Tool from another package, even one whose path contains "toolwright"', () => {
    const files = {
      'node_modules/toolwright-fake/package.json':
        '{"name":"toolwright-fake","types":"index.d.ts"}',
      'node_modules/toolwright-fake/index.d.ts':
        'export declare function Tool(): MethodDecorator;\nexport declare function Param(): ParameterDecorator;',
    };
    const project = generate({
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`/${k}`, v])),
      'a.ts': service("import { Tool, Param } from 'toolwright-fake';", 'Tool', 'Param'),
    });
    expect(project.manifest.tools).toEqual([]);
  });

  it('does not take a parameter decorator of another package for @Param', () => {
    const source = `import { Tool } from 'toolwright';
function Param(): ParameterDecorator { return () => undefined; }
export class S {
  /** Does it. */
  @Tool()
  doIt(@Param() x: string) { return x; }
}`;
    expect(
      generate({ 'a.ts': source }).diagnostics.map(
        (d) => `${d.line}:${d.column} ${d.code} ${d.message}`,
      ),
    ).toEqual([
      '6:17 TW106 S.doIt parameter #0 (x) has no @Param, @Params or @Ctx; add @Param() or @Ctx()',
    ]);
  });

  it('finds the package through a tsconfig paths mapping to its sources', () => {
    const files = {
      '../libs/toolwright/package.json': '{"name":"toolwright"}',
      '../libs/toolwright/src/index.ts':
        "export * from './decorators/Tool';\nexport * from './decorators/Param';",
      '../libs/toolwright/src/decorators/Tool.ts':
        'export function Tool(options: object = {}): MethodDecorator { return () => options && undefined; }',
      '../libs/toolwright/src/decorators/Param.ts':
        'export function Param(name?: string): ParameterDecorator { return () => name && undefined; }',
      'a.ts': service("import { Tool, Param } from 'toolwright';", 'Tool', 'Param'),
    };
    expect(toolNames(files)).toEqual(['do_it']);
    expect(generate(files).manifest.tools[0]!.target.file).toBe('a.ts');
  });

  it('ignores a Tool that lives in the toolwright repository but outside its library folders', () => {
    const files = {
      '../libs/toolwright/package.json': '{"name":"toolwright"}',
      '../libs/toolwright/samples/fake.ts':
        'export function Tool(): MethodDecorator { return () => undefined; }\nexport function Param(): ParameterDecorator { return () => undefined; }',
      'a.ts': service(
        "import { Tool, Param } from '../libs/toolwright/samples/fake';",
        'Tool',
        'Param',
      ),
    };
    expect(toolNames(files)).toEqual([]);
  });

  it('orders tools by file, then line', () => {
    const two = (a: string, b: string) => `import { Tool } from 'toolwright';
export class S {
  /** A. */ @Tool() ${a}() { return 1; }
  /** B. */ @Tool() ${b}() { return 2; }
}`;
    expect(
      toolNames({ 'z.ts': two('zFirst', 'zSecond'), 'a.ts': two('aFirst', 'aSecond') }),
    ).toEqual(['a_first', 'a_second', 'z_first', 'z_second']);
  });
});
