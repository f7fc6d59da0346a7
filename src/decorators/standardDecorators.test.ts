/**
 * Code compiled without `experimentalDecorators` calls `@Tool()` as a TC39 decorator,
 * `(method, context)`: toolwright says so when the class is defined, rather than registering no
 * tool and reporting a stale manifest that `toolwright codegen` cannot fix.
 */
import ts from 'typescript';
import * as toolwright from '../index';

const SOURCE = `
import { Tool, ToolRegistry } from 'toolwright';
export class StockService {
  @Tool({ description: 'Pings.' })
  ping(): string { return 'pong'; }
}
export const registry = new ToolRegistry().register(new StockService());
`;

/** Compiles `SOURCE` with TypeScript as a project without experimentalDecorators would, and runs it. */
function compileAndRun(experimentalDecorators: boolean): Record<string, unknown> {
  const { outputText } = ts.transpileModule(SOURCE, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators,
    },
  });
  const exports: Record<string, unknown> = {};
  const load = (name: string): unknown => {
    if (name !== 'toolwright') throw new TypeError(`unexpected import ${name}`);
    return toolwright;
  };
  new Function('require', 'exports', outputText)(load, exports);
  return exports;
}

describe('@Tool() compiled as a TC39 decorator', () => {
  it('throws a ToolDefinitionError saying to enable experimentalDecorators', () => {
    expect(() => compileAndRun(false)).toThrow(toolwright.ToolDefinitionError);
    expect(() => compileAndRun(false)).toThrow(
      '@Tool() on ping was applied as a TC39 (standard) decorator, which has no parameter decorators and no design:paramtypes; toolwright needs "experimentalDecorators": true',
    );
  });

  it('the same class compiled with experimentalDecorators registers its tool', () => {
    const { registry } = compileAndRun(true) as { registry: toolwright.ToolRegistry };
    expect(registry.list().map((tool) => tool.name)).toEqual(['ping']);
  });
});
