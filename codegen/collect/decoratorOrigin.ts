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

/** The body of the function a decorator expression names (a declaration or a `const` of one). */
function decoratorBody(expression: ts.Expression, checker: ts.TypeChecker): ts.Node | undefined {
  const location = ts.isPropertyAccessExpression(expression) ? expression.name : expression;
  let symbol = checker.getSymbolAtLocation(location);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration) return undefined;
  if (ts.isFunctionDeclaration(declaration)) return declaration.body;
  if (ts.isVariableDeclaration(declaration)) return declaration.initializer;
  return undefined;
}

/** The top-level class a decorator of a class, member or member parameter belongs to, if any. */
function topLevelClassOf(decorator: ts.Decorator): ts.ClassDeclaration | undefined {
  let node: ts.Node = decorator.parent;
  if (ts.isParameter(node)) node = node.parent;
  if (!ts.isClassDeclaration(node)) node = node.parent;
  return node && ts.isClassDeclaration(node) && ts.isSourceFile(node.parent) ? node : undefined;
}

/** A file's named imports by local name: `import { Tool as T } from 'x'` maps `T` to `x`'s `Tool`. */
function namedImportsOf(file: ts.SourceFile): Map<string, ImportedName> {
  const imports = new Map<string, ImportedName>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const imported = element.propertyName ?? element.name;
      if (!ts.isIdentifier(imported)) continue;
      imports.set(element.name.text, {
        specifier: statement.moduleSpecifier,
        name: imported.text,
      });
    }
  }
  return imports;
}

/** What a local name was imported as. */
interface ImportedName {
  specifier: ts.StringLiteral;
  name: string;
}

/**
 * Resolves decorators named by an import, as `resolveOrigin` would, once per module and name
 * rather than once per import of every file: a project of many tool files imports the same
 * few decorators in each. A decorator of a top-level class (or of its members) is looked up in
 * the file's scope, where an import cannot be shadowed; anything else goes to the checker.
 */
class ImportedOrigins {
  private readonly importsByFile = new Map<ts.SourceFile, Map<string, ImportedName>>();
  private readonly modules = new Map<ts.StringLiteral, ts.Symbol | undefined>();
  private readonly byModule = new Map<ts.Symbol, Map<string, DecoratorOrigin | undefined>>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** The decorator's origin, or `false` when the checker must resolve it. */
  of(decorator: ts.Decorator): DecoratorOrigin | false {
    const callee = decoratorCallee(decorator);
    const cls = ts.isIdentifier(callee) ? topLevelClassOf(decorator) : undefined;
    if (!cls || !ts.isIdentifier(callee)) return false;
    const file = cls.parent as ts.SourceFile;
    let imports = this.importsByFile.get(file);
    if (!imports) this.importsByFile.set(file, (imports = namedImportsOf(file)));
    const imported = imports.get(callee.text);
    const module = imported && this.moduleOf(imported.specifier);
    if (!imported || !module) return false;
    let names = this.byModule.get(module);
    if (!names) this.byModule.set(module, (names = new Map()));
    if (!names.has(imported.name)) names.set(imported.name, this.exported(module, imported.name));
    return names.get(imported.name) ?? false;
  }

  /** The module an import's specifier resolves to, once per import declaration. */
  private moduleOf(specifier: ts.StringLiteral): ts.Symbol | undefined {
    if (!this.modules.has(specifier))
      this.modules.set(specifier, this.checker.getSymbolAtLocation(specifier));
    return this.modules.get(specifier);
  }

  /** The declaration `module` exports as `name`, through re-exports (`undefined`: ask the checker). */
  private exported(module: ts.Symbol, name: string): DecoratorOrigin | undefined {
    let symbol = this.checker.tryGetMemberInModuleExports(name, module);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias)
      symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!symbol || !declaration) return undefined;
    return { name: symbol.getName(), file: declaration.getSourceFile().fileName };
  }
}

/** Tells toolwright's decorators (and class-validator's) from look-alikes. */
export class DecoratorResolver {
  private readonly origins = new Map<ts.Decorator, DecoratorOrigin | undefined>();
  private readonly imported: ImportedOrigins;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly packages: PackageLocator,
  ) {
    this.imported = new ImportedOrigins(checker);
  }

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

  /**
   * The first of `packageNames` a user-written decorator calls into (`registerDecorator` of
   * class-validator, `Transform` of class-transformer, a composition of their decorators), read
   * from the decorator function's own body; for one declared in a `.d.ts` (a shared DTO
   * package), which has no body, what its declaration names (`declaredInto`).
   */
  callsInto(decorator: ts.Decorator, packageNames: readonly string[]): string | undefined {
    const origin = this.originOf(decorator);
    if (!origin) return undefined;
    if (origin.file.endsWith('.d.ts')) return this.declaredInto(decorator, packageNames);
    const body = decoratorBody(decoratorCallee(decorator), this.checker);
    if (!body) return undefined;
    let found: string | undefined;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(node)) {
        const called = resolveOrigin(node.expression, this.checker);
        const name = called && this.packages.packageOf(called.file)?.name;
        if (name && packageNames.includes(name)) found = name;
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return found;
  }

  /**
   * What a decorator declared without a body leads to: the package of a parameter's type
   * (`ValidationOptions` of class-validator makes it a validator), else the one of
   * `packageNames` its declaration file imports from (class-transformer alone: a conversion).
   */
  private declaredInto(
    decorator: ts.Decorator,
    packageNames: readonly string[],
  ): string | undefined {
    const callee = decoratorCallee(decorator);
    const location = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    let symbol = this.checker.getSymbolAtLocation(location);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias)
      symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!symbol || !declaration) return undefined;
    const packageOfNode = (node: ts.Node | undefined): string | undefined => {
      const name = node && this.packages.packageOf(node.getSourceFile().fileName)?.name;
      return name && packageNames.includes(name) ? name : undefined;
    };
    const type = this.checker.getTypeOfSymbolAtLocation(symbol, declaration);
    for (const signature of type.getCallSignatures()) {
      for (const parameter of signature.getParameters()) {
        const declared = parameter.valueDeclaration;
        const parameterType =
          declared && this.checker.getTypeOfSymbolAtLocation(parameter, declared);
        const typeSymbol = parameterType?.aliasSymbol ?? parameterType?.getSymbol();
        const found = packageOfNode(typeSymbol?.declarations?.[0]);
        if (found) return found;
      }
    }
    const imported = new Set<string>();
    for (const statement of declaration.getSourceFile().statements) {
      const specifier =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
          ? statement.moduleSpecifier
          : undefined;
      const module = specifier && this.checker.getSymbolAtLocation(specifier);
      const found = packageOfNode(module?.declarations?.[0]);
      if (found) imported.add(found);
    }
    return packageNames.find((name) => imported.has(name));
  }

  /** `resolveOrigin`, once per decorator node (a DTO's decorators are read by every tool using it). */
  private originOf(decorator: ts.Decorator): DecoratorOrigin | undefined {
    if (this.origins.has(decorator)) return this.origins.get(decorator);
    const imported = this.imported.of(decorator);
    const origin =
      imported === false ? resolveOrigin(decoratorCallee(decorator), this.checker) : imported;
    this.origins.set(decorator, origin);
    return origin;
  }
}
