/**
 * What one source file contributes to the manifest: its `@Tool` methods built into manifest
 * tools, with their diagnostics and TypeScript's errors in the code their schemas come from.
 * The incremental session caches one per file; the cold run makes one per file and forgets it.
 */
import type { ManifestTool } from '../src/manifest/types';
import { DEFAULT_PIPE } from '../src/validation/pipeOptions';
import type { PipeSettings } from '../src/validation/pipeOptions';
import { DecoratorResolver } from './collect/decoratorOrigin';
import { decoratorMetadataProblems, decoratorSettingProblems } from './collect/decoratorSettings';
import { findTools } from './collect/findTools';
import type { FoundTool } from './collect/findTools';
import type { PackageLocator } from './collect/PackageLocator';
import { typeScriptErrors } from './collect/typeScriptErrors';
import type { CodegenDiagnostic } from './diagnostics';
import { relativeTo } from './manifestPaths';
import { buildTool } from './transform/buildTool';
import { SchemaCache } from './transform/SchemaCache';
import type { ts } from './typescript';

/** One file's tools (with the column of each method's name, to order them) and problems. */
export interface FileExtraction {
  tools: { tool: ManifestTool; column: number }[];
  /** The `@Tool` methods as found in source. */
  found: FoundTool[];
  diagnostics: CodegenDiagnostic[];
  /** The project files it imports, computed only when watching (`trackDependencies`). */
  dependencies?: Set<string>;
}

/** What extracting files of one program shares. */
export interface ExtractionContext {
  program: ts.Program;
  checker: ts.TypeChecker;
  resolver: DecoratorResolver;
  rootDir: string;
  /**
   * Schemas shared by every file of the run (a cold run: the program never changes). Absent,
   * each file gets its own, so an incremental session can drop a file's with the file.
   */
  schemas?: SchemaCache;
  /** The `ValidationPipe` settings the schemas describe. */
  pipe: PipeSettings;
  /**
   * Whether to report TypeScript's errors in what the schemas come from (TW113); default true.
   * A compiler plugin turns it off: the compiler it runs in reports those errors itself.
   */
  typeScriptErrors?: boolean;
}

/** The context to extract files of `program` with (manifest paths relative to `rootDir`). */
export function extractionContext(
  program: ts.Program,
  packages: PackageLocator,
  rootDir: string,
  pipe: PipeSettings = DEFAULT_PIPE,
): ExtractionContext {
  const checker = program.getTypeChecker();
  return { program, checker, resolver: new DecoratorResolver(checker, packages), rootDir, pipe };
}

/** Builds the tools of `sourceFile` and collects their problems. */
export function extractToolFile(
  sourceFile: ts.SourceFile,
  context: ExtractionContext,
): FileExtraction {
  const { checker, resolver, program, rootDir, pipe } = context;
  const found = findTools(sourceFile, resolver);
  const extraction: FileExtraction = { tools: [], found, diagnostics: [] };
  if (found.length) {
    const paths = new Map<string, string>();
    const relativePath = (file: string): string => {
      let path = paths.get(file);
      if (path === undefined) paths.set(file, (path = relativeTo(rootDir, file)));
      return path;
    };
    const cache = context.schemas ?? new SchemaCache();
    const build = { checker, resolver, relativePath, cache, pipe };
    for (const tool of found) {
      const built = buildTool(tool, build);
      const position = sourceFile.getLineAndCharacterOfPosition(
        tool.method.name.getStart(sourceFile),
      );
      extraction.tools.push({ tool: built.tool, column: position.character + 1 });
      extraction.diagnostics.push(...built.diagnostics);
    }
  }
  const compilerOptions = program.getCompilerOptions();
  extraction.diagnostics.push(
    ...decoratorSettingProblems(found, compilerOptions),
    ...decoratorMetadataProblems(found, compilerOptions),
  );
  if (context.typeScriptErrors !== false)
    extraction.diagnostics.push(...typeScriptErrors(sourceFile, found, program));
  return extraction;
}
