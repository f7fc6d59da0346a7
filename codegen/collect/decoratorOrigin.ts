/**
 * Resolves what a decorator really is: the declaration its name resolves to, through import
 * aliases (`Tool as T`), namespace imports (`tw.Tool`) and re-exports, and the package that
 * declaration belongs to. `@Tool` counts only when it is this package's `Tool`.
 */
import { ts } from '../typescript';
import type { PackageLocator } from './PackageLocator';

/** The package name whose decorators codegen reads. */
export const TOOLWRIGHT_PACKAGE = 'toolwright';

/** The decorators of toolwright that codegen understands. */
export type ToolwrightDecoratorName = 'Tool' | 'Param' | 'Params' | 'Ctx';

const TOOLWRIGHT_DECORATORS = new Set<string>(['Tool', 'Param', 'Params', 'Ctx']);

/** Folders of the toolwright package that hold the library (not its samples or tests). */
const LIBRARY_FOLDERS = new Set(['src', 'dist', 'lib']);

/** Where a decorator's name leads: the original exported name and its declaring file. */
export interface DecoratorOrigin {
  name: string;
  file: string;
}

/** The expression naming the decorator: `Tool` in `@Tool()`, `tw.Tool` in `@tw.Tool()`. */
export const decoratorCallee = (decorator: ts.Decorator): ts.Expression =>
  ts.isCallExpression(decorator.expression)
    ? decorator.expression.expression
    : decorator.expression;

/** The decorator's call arguments (none for `@Tool` without parentheses). */
export const decoratorArguments = (decorator: ts.Decorator): readonly ts.Expression[] =>
  ts.isCallExpression(decorator.expression) ? decorator.expression.arguments : [];

/** Follows aliases from an identifier or `ns.name` to the declaration it stands for. */
export function resolveOrigin(
  expression: ts.Expression,
  checker: ts.TypeChecker,
): DecoratorOrigin | undefined {
  const location = ts.isPropertyAccessExpression(expression)
    ? expression.name
    : ts.isIdentifier(expression)
      ? expression
      : undefined;
  if (!location) return undefined;
  let symbol = checker.getSymbolAtLocation(location);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration) return undefined;
  return { name: symbol.getName(), file: declaration.getSourceFile().fileName };
}

/** Tells toolwright's decorators (and class-validator's) from look-alikes. */
export class DecoratorResolver {
  private readonly origins = new Map<ts.Decorator, DecoratorOrigin | undefined>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly packages: PackageLocator,
  ) {}

  /** `Tool`, `Param`, `Params` or `Ctx` when the decorator is toolwright's own. */
  toolwright(decorator: ts.Decorator): ToolwrightDecoratorName | undefined {
    const origin = this.originOf(decorator);
    if (!origin || !TOOLWRIGHT_DECORATORS.has(origin.name)) return undefined;
    const pkg = this.packages.packageOf(origin.file);
    if (!pkg || pkg.name !== TOOLWRIGHT_PACKAGE) return undefined;
    const real = this.packages.realpath(origin.file);
    const inside = real.slice(pkg.root.length + 1).split('/');
    if (inside.length > 1 && !LIBRARY_FOLDERS.has(inside[0] ?? '')) return undefined;
    return origin.name as ToolwrightDecoratorName;
  }

  /** The original exported name when the decorator comes from the package `packageName`. */
  fromPackage(decorator: ts.Decorator, packageName: string): string | undefined {
    const origin = this.originOf(decorator);
    if (!origin) return undefined;
    return this.packages.packageOf(origin.file)?.name === packageName ? origin.name : undefined;
  }

  /** `resolveOrigin`, once per decorator node (a DTO's decorators are read by every tool using it). */
  private originOf(decorator: ts.Decorator): DecoratorOrigin | undefined {
    if (this.origins.has(decorator)) return this.origins.get(decorator);
    const origin = resolveOrigin(decoratorCallee(decorator), this.checker);
    this.origins.set(decorator, origin);
    return origin;
  }
}
