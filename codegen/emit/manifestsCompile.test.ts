/**
 * Whatever codegen writes is valid TypeScript: the manifest module of every fixture project the
 * codegen suites read (and, through `generate`, of every inline project) type-checks against the
 * real `ToolManifest`; so do tool names that read alike as types, and a project where two
 * classes declare one tool name (an error, TW107, and the manifest keeps the first).
 */
import { manifestTypeErrors } from '../__fixtures__/compileManifest';
import { fixtureManifest } from '../__fixtures__/fixtureManifest';
import { generate } from '../__fixtures__/inlineProject';
import { renderManifestModule } from './renderManifest';

jest.setTimeout(120_000);

const HEAD = `import { Tool, Param, Params } from 'toolwright';\n`;
const tool = (name: string, method: string, param = 'q: string') =>
  `  /** ${method}. */\n  @Tool({ name: '${name}' })\n  ${method}(@Param() ${param}) { return 1; }\n`;

describe('every manifest codegen writes compiles', () => {
  it.each([
    ['fidelity', ['fidelity/FidelityService.ts', 'fidelity/EventService.ts']],
    ['fidelity gaps', ['fidelity/GapService.ts']],
    ['real world', ['realworld/RealWorldService.ts']],
    ['type cases', ['types/TypeCasesService.ts']],
    ['agreement', ['agreement/AgreementService.ts', 'agreement/KeywordService.ts']],
  ])('the %s fixture', (_, files) => {
    const manifest = fixtureManifest(files);
    expect(manifest.tools.length).toBeGreaterThan(0);
    expect(manifestTypeErrors(renderManifestModule(manifest))).toEqual([]);
  });

  it('tool names whose input types read alike get types of their own', () => {
    const result = generate({
      'src/service.ts': `${HEAD}class Address { street!: string; }
class Input { a!: number; next?: Input; }
export class S {
${tool('get_order', 'one')}${tool('getOrder', 'two')}${tool('3d_print', 'three')}${tool('a', 'four', 'x: Input')}${tool('a_input', 'five', 'x: Address')}}
`,
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const text = renderManifestModule(result.manifest);
    expect(text).toContain(
      [
        'export interface ToolInputs {',
        '  get_order: GetOrderInput;',
        '  getOrder: GetOrderInput2;',
        "  '3d_print': Tool3dPrintInput;",
        '  a: AInput;',
        '  a_input: AInputInput2;',
        '}',
      ].join('\n'),
    );
  });

  it('two classes declaring one tool name: an error at the second naming the first, and a manifest that compiles', () => {
    const service = (name: string) => `${HEAD}export class ${name} {
  /** Gets an order. */
  @Tool()
  get_order(@Param() id: string) { return id; }
}
`;
    const result = generate({
      'src/orders.ts': service('OrdersService'),
      'src/legacy.ts': service('LegacyOrdersService'),
    });
    expect(
      result.diagnostics.map(
        (d) => `${d.file.replace('/project/', '')}:${d.line}:${d.column} ${d.severity} ${d.code}`,
      ),
    ).toEqual(['src/orders.ts:5:3 error TW107']);
    expect(result.diagnostics[0]!.message).toBe(
      'tool name "get_order" is declared twice: src/legacy.ts:5 (LegacyOrdersService.get_order) and src/orders.ts:5 (OrdersService.get_order); one registry cannot hold both, so rename one with @Tool({ name })',
    );
    expect(result.manifest.tools.map((t) => t.target.class)).toEqual(['LegacyOrdersService']);
    // Codegen writes no manifest with an error; rendered anyway (the library path), it compiles.
    expect(manifestTypeErrors(renderManifestModule(result.manifest))).toEqual([]);
  });

  it('the check itself sees a manifest that does not compile', () => {
    const text = renderManifestModule({ version: 1, tools: [] }).replace(
      'export interface ToolInputs {\n',
      'export interface ToolInputs {\n  a: string;\n  a: string;\n',
    );
    expect(manifestTypeErrors(text)).toEqual([
      expect.stringMatching(/TS2300: Duplicate identifier 'a'/),
      expect.stringMatching(/TS2300: Duplicate identifier 'a'/),
    ]);
  });
});
