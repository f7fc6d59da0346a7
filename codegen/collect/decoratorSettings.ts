/**
 * Whether the project compiles `@Tool` the way toolwright reads it at run time. Without
 * `experimentalDecorators` TypeScript emits TC39 decorators, which get neither parameter
 * decorators nor `design:paramtypes`: the registry finds no tool and reports a stale manifest,
 * which codegen cannot fix. So codegen says the real cause, once per file with tools.
 */
import { diagnosticAt } from '../diagnostics';
import type { CodegenDiagnostic } from '../diagnostics';
import type { ts } from '../typescript';
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
