/**
 * Finds the `@Tool` methods of a source file and the toolwright decorator on each of their
 * parameters. Only syntax and symbol resolution here; what the types mean is `transform/`'s job.
 */
import { ts } from '../typescript';
import type { DecoratorResolver, ToolwrightDecoratorName } from './decoratorOrigin';
import { propertyKey } from './evaluateLiteral';

/** One parameter of a tool method and the toolwright decorator on it, if any. */
export interface FoundParam {
  node: ts.ParameterDeclaration;
  index: number;
  kind?: Exclude<ToolwrightDecoratorName, 'Tool'>;
  decorator?: ts.Decorator;
  /** How many toolwright parameter decorators it carries (more than one is an error). */
  decoratorCount: number;
}

/** One `@Tool` method as found in source. */
export interface FoundTool {
  className: string;
  methodName: string;
  method: ts.MethodDeclaration;
  decorator: ts.Decorator;
  params: FoundParam[];
}

/**
 * Every `@Tool` instance method of the classes declared at the top level of `sourceFile` (the
 * registry reads tools from instances, so static methods are not tools).
 */
export function findTools(sourceFile: ts.SourceFile, resolver: DecoratorResolver): FoundTool[] {
  if (!sourceFile.text.includes('@')) return [];
  const found: FoundTool[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    const className = statement.name?.text ?? 'default';
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      if (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) continue;
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
    const found = (ts.getDecorators(node) ?? [])
      .map((decorator) => ({ decorator, kind: resolver.toolwright(decorator) }))
      .filter((entry) => entry.kind && entry.kind !== 'Tool');
    const [first] = found;
    if (!first) return { node, index, decoratorCount: 0 };
    const kind = first.kind as FoundParam['kind'];
    return { node, index, kind, decorator: first.decorator, decoratorCount: found.length };
  });
  return { className, methodName, method, decorator, params };
}
