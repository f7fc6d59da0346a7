/**
 * Finds the `@Tool` methods of a source file and the toolwright decorator on each of their
 * parameters. Only syntax and symbol resolution here; what the types mean is `transform/`'s job.
 */
import { ts } from 'ts-morph';
import type { DecoratorResolver, ToolwrightDecoratorName } from './decoratorOrigin';
import { propertyKey } from './evaluateLiteral';

/** One parameter of a tool method and the toolwright decorator on it, if any. */
export interface FoundParam {
  node: ts.ParameterDeclaration;
  index: number;
  kind?: Exclude<ToolwrightDecoratorName, 'Tool'>;
  decorator?: ts.Decorator;
}

/** One `@Tool` method as found in source. */
export interface FoundTool {
  className: string;
  methodName: string;
  method: ts.MethodDeclaration;
  decorator: ts.Decorator;
  params: FoundParam[];
}

/** Every `@Tool` method of the classes declared at the top level of `sourceFile`. */
export function findTools(sourceFile: ts.SourceFile, resolver: DecoratorResolver): FoundTool[] {
  if (!sourceFile.text.includes('@')) return [];
  const found: FoundTool[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    const className = statement.name?.text ?? 'default';
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      const tool = toolOf(member, className, resolver);
      if (tool) found.push(tool);
    }
  }
  return found;
}

function toolOf(
  method: ts.MethodDeclaration,
  className: string,
  resolver: DecoratorResolver,
): FoundTool | undefined {
  const decorator = ts.getDecorators(method)?.find((d) => resolver.toolwright(d) === 'Tool');
  const methodName = propertyKey(method.name);
  if (!decorator || methodName === undefined) return undefined;
  const params = method.parameters.map((node, index): FoundParam => {
    for (const candidate of ts.getDecorators(node) ?? []) {
      const kind = resolver.toolwright(candidate);
      if (kind && kind !== 'Tool') return { node, index, kind, decorator: candidate };
    }
    return { node, index };
  });
  return { className, methodName, method, decorator, params };
}
