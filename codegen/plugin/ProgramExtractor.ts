/**
 * Codegen over the programs a build hands over, one after another (a watch makes a new program
 * per rebuild): the same extraction and assembly as the CLI's cold run, with the host's compiler,
 * re-extracting only the tool files whose source, or the source of a project file they import,
 * is not the very `SourceFile` the previous program had (a watch reuses unchanged ones). Which
 * files a tool file imports is asked of the program that extracted it only when a next program
 * comes: a one-shot build, which has none, never pays for the scan.
 */
import type { CodegenResult } from '../assembleManifest';
import { assembleManifest } from '../assembleManifest';
import { dependenciesOf } from '../collect/dependencies';
import { isToolCandidate } from '../collect/isToolCandidate';
import { PackageLocator } from '../collect/PackageLocator';
import { systemFileSystem } from '../collect/systemFileSystem';
import { extractionContext, extractToolFile } from '../extractToolFile';
import type { FileExtraction } from '../extractToolFile';
import { rootDirOf } from '../manifestPaths';
import type { CodegenOptions } from '../manifestPaths';
import { SchemaCache } from '../transform/SchemaCache';
import { withCompiler } from '../typescript';
import type { Compiler, ts } from '../typescript';
import { pipeSettings } from '../../src/validation/pipeOptions';

/** The project files a tool file imports, with the `SourceFile` each was then. */
type Imports = Map<string, ts.SourceFile | undefined>;

/**
 * The imports of `sourceFile` in `program`, read on the first call: the program is held until
 * then (a watch's previous program, until the next one is extracted) and let go after.
 */
function importsOnDemand(sourceFile: ts.SourceFile, program: ts.Program): () => Imports {
  let read: (() => Imports) | undefined = () => {
    const imports: Imports = new Map();
    for (const name of dependenciesOf(sourceFile, program.getTypeChecker()))
      imports.set(name, program.getSourceFile(name));
    return imports;
  };
  let imports: Imports | undefined;
  return () => {
    if (read) [imports, read] = [read(), undefined];
    return imports!;
  };
}

const NO_IMPORTS = (): Imports => new Map();

/** One tool file as last extracted, with the sources it was read from. */
interface CachedFile {
  sourceFile: ts.SourceFile;
  extraction: FileExtraction;
  /** The project files it imports, with the `SourceFile` each was then (see `importsOnDemand`). */
  imports: () => Imports;
}

/** What one program produced, and which files it had to extract again. */
export interface ProgramExtraction extends CodegenResult {
  extracted: string[];
}

/** Extracts the tools of successive programs of one project with the host's compiler. */
export class ProgramExtractor {
  private files = new Map<string, CachedFile>();
  private readonly packages = new PackageLocator(systemFileSystem);

  constructor(
    private readonly compiler: Compiler,
    private readonly options: CodegenOptions = {},
  ) {}

  /** The manifest and diagnostics of `program` (TypeScript's own errors are the compiler's to report). */
  run(program: ts.Program): ProgramExtraction {
    return withCompiler(this.compiler, () => this.extract(program));
  }

  private extract(program: ts.Program): ProgramExtraction {
    const context = {
      ...extractionContext(
        program,
        this.packages,
        rootDirOf(this.options, program.getCompilerOptions()),
        pipeSettings(this.options.validation),
      ),
      schemas: new SchemaCache(),
      typeScriptErrors: false,
    };
    const next = new Map<string, CachedFile>();
    const extracted: string[] = [];
    for (const fileName of program.getRootFileNames().filter(isToolCandidate).sort()) {
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile) continue;
      const cached = this.files.get(fileName);
      if (cached && this.unchanged(cached, sourceFile, program)) {
        next.set(fileName, cached);
        continue;
      }
      const extraction = extractToolFile(sourceFile, context);
      const imports = extraction.found.length ? importsOnDemand(sourceFile, program) : NO_IMPORTS;
      next.set(fileName, { sourceFile, extraction, imports });
      extracted.push(fileName);
    }
    this.files = next;
    const files = [...next].map(([name, file]): [string, FileExtraction] => [
      name,
      file.extraction,
    ]);
    return { ...assembleManifest(files, this.options.validation), extracted };
  }

  private unchanged(cached: CachedFile, sourceFile: ts.SourceFile, program: ts.Program): boolean {
    if (cached.sourceFile !== sourceFile) return false;
    for (const [name, imported] of cached.imports())
      if (program.getSourceFile(name) !== imported) return false;
    return true;
  }
}
