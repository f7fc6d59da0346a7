/**
 * Whether the project compiles `@Tool` the way toolwright reads it at run time. Without
 * `experimentalDecorators` TypeScript emits TC39 decorators, which get neither parameter
 * decorators nor `design:paramtypes`: the registry finds no tool and reports a stale manifest,
 * which codegen cannot fix. So codegen says the real cause, once per file with tools. Without
 * `emitDecoratorMetadata` the manifest still supplies the tools' parameters, but a container
 * (NestJS) cannot see a tool class's constructor parameters and injects `undefined`: a warning
 * at each such constructor.
 */
import { diagnosticAt } from '../diagnostics';
import type { CodegenDiagnostic } from '../diagnostics';
import { ts } from '../typescript';
import type { FoundTool } from './findTools';

/** The diagnostic for a file whose tools are compiled as TC39 decorators, if they are. */
export function decoratorSettingProblems(
  found: readonly FoundTool[],
  options: ts.CompilerOptions,
): CodegenDiagnostic[] {
  if (found.length === 0 || options.experimentalDecorators === true) return [];
  return [
    diagnosticAt(
      found[0].decorator,
      'TW116',
      'the project compiles decorators without "experimentalDecorators" (as TC39 decorators, ' +
        'which have no parameter decorators and no design:paramtypes), so @Tool registers nothing ' +
        'at run time; add "experimentalDecorators": true and "emitDecoratorMetadata": true to ' +
        'compilerOptions in tsconfig.json',
    ),
  ];
}

/** The constructor (with parameters) of each class of `found` that has one, once per class. */
function constructorsWithParameters(found: readonly FoundTool[]): ts.ConstructorDeclaration[] {
  const classes = new Set(found.map((tool) => tool.method.parent));
  const out: ts.ConstructorDeclaration[] = [];
  for (const owner of classes) {
    if (!ts.isClassLike(owner)) continue;
    const constructor = owner.members.find(
      (member): member is ts.ConstructorDeclaration =>
        ts.isConstructorDeclaration(member) && member.parameters.length > 0,
    );
    if (constructor) out.push(constructor);
  }
  return out;
}

/**
 * TW216 at the constructor of each tool class that takes parameters, when the project compiles
 * decorators without `emitDecoratorMetadata`: a container has no `design:paramtypes` to inject by.
 */
export function decoratorMetadataProblems(
  found: readonly FoundTool[],
  options: ts.CompilerOptions,
): CodegenDiagnostic[] {
  if (options.experimentalDecorators !== true || options.emitDecoratorMetadata === true) return [];
  return constructorsWithParameters(found).map((constructor) => {
    const className = constructor.parent.name?.text ?? 'the class';
    return diagnosticAt(
      constructor,
      'TW216',
      `the project compiles decorators without "emitDecoratorMetadata", so ${className}'s ` +
        'constructor parameters have no design:paramtypes: a container such as NestJS injects ' +
        'undefined for each, and every tool call fails; add "emitDecoratorMetadata": true to ' +
        'compilerOptions in tsconfig.json',
    );
  });
}
