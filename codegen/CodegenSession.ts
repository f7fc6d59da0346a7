/**
 * A codegen run over one loaded ts-morph `Project` that can be updated: it caches what each
 * file contributed, and on a change refreshes that file and re-extracts only the tool files that
 * are or import it. `runCodegen` is one cold run of a session; `--watch` keeps one alive.
 */
import type { Project } from 'ts-morph';
import { assembleManifest } from './assembleManifest';
import type { CodegenResult } from './assembleManifest';
import { dependenciesOf } from './collect/dependencies';
import { isToolCandidate } from './collect/isToolCandidate';
import { PackageLocator } from './collect/PackageLocator';
import { extractionContext, extractToolFile } from './extractToolFile';
import type { FileExtraction } from './extractToolFile';
import { rootDirOf } from './manifestPaths';
import { pipeSettings } from '../src/validation/pipeOptions';
import type { CodegenOptions } from './manifestPaths';
import { ts } from './typescript';

/** An incremental codegen run over one project. */
export class CodegenSession {
  /** The folder manifest paths are relative to: the `rootDir` option, else the tsconfig's folder. */
  readonly rootDir: string;
  private readonly files = new Map<string, FileExtraction>();
  private readonly packages: PackageLocator;

  constructor(
    /** The ts-morph project the session reads. */
    readonly project: Project,
    private readonly options: CodegenOptions = {},
  ) {
    this.rootDir = rootDirOf(options, project.getCompilerOptions());
    this.packages = new PackageLocator(project.getFileSystem());
  }

  /** The project files codegen scans for tools. */
  sourceFileNames(): string[] {
    return this.project
      .getSourceFiles()
      .map((file) => file.getFilePath() as string)
      .filter(isToolCandidate)
      .sort();
  }

  /** Extracts what is not cached yet and assembles the manifest. */
  run(): CodegenResult {
    const program = this.project.getProgram().compilerObject;
    const pipe = pipeSettings(this.options.validation);
    const context = extractionContext(program, this.packages, this.rootDir, pipe);
    for (const fileName of this.sourceFileNames()) {
      if (this.files.has(fileName)) continue;
      const sourceFile = program.getSourceFile(fileName);
      if (sourceFile) this.files.set(fileName, extractToolFile(sourceFile, context));
    }
    return assembleManifest(this.files, this.options.validation);
  }

  /**
   * Refreshes `changed` files from disk (added, edited or deleted) and re-extracts the tool files
   * they affect: themselves and every tool file that imports them.
   */
  update(changed: readonly string[]): CodegenResult {
    this.trackDependencies();
    const paths = new Set(changed.map((path) => path.replace(/\\/g, '/')));
    for (const path of paths) {
      const existing = this.project.getSourceFile(path);
      if (existing) existing.refreshFromFileSystemSync();
      else if (isToolCandidate(path) && this.includes(path))
        this.project.addSourceFileAtPathIfExists(path);
      this.files.delete(path);
    }
    for (const [fileName, extraction] of this.files) {
      if ([...paths].some((path) => extraction.dependencies?.has(path)))
        this.files.delete(fileName);
    }
    const result = this.run();
    this.trackDependencies();
    return result;
  }

  /**
   * Records what each tool file imports, so `update` knows which files a change affects. A cold
   * run does not need it; `--watch` calls it once after the first run (before any edit).
   */
  trackDependencies(): void {
    const pending = [...this.files].filter(([, e]) => !e.dependencies && e.tools.length);
    if (!pending.length) return;
    const program = this.project.getProgram().compilerObject;
    const checker = program.getTypeChecker();
    for (const [fileName, extraction] of pending) {
      const sourceFile = program.getSourceFile(fileName);
      extraction.dependencies = sourceFile ? dependenciesOf(sourceFile, checker) : new Set();
    }
  }

  /** Whether the tsconfig's `include`/`exclude`/`files` take a new file in (always, without a tsconfig). */
  private includes(path: string): boolean {
    const configPath = this.project.getCompilerOptions().configFilePath;
    if (typeof configPath !== 'string') return true;
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    });
    return !!parsed?.fileNames.some((name) => name.replace(/\\/g, '/') === path);
  }
}
