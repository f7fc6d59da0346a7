/**
 * A codegen run over one loaded ts-morph `Project` that can be updated: it caches what each
 * file contributed, and on a change refreshes that file and re-extracts only the tool files that
 * are or import it. `runCodegen` is one cold run of a session; `--watch` keeps one alive.
 */
import { ts } from 'ts-morph';
import type { Project } from 'ts-morph';
import { MANIFEST_VERSION } from '../src/manifest/types';
import type { ManifestTool, ToolManifest } from '../src/manifest/types';
import { DecoratorResolver } from './collect/decoratorOrigin';
import { dependenciesOf } from './collect/dependencies';
import { findTools } from './collect/findTools';
import type { FoundTool } from './collect/findTools';
import { PackageLocator } from './collect/PackageLocator';
import { typeScriptErrors } from './collect/typeScriptErrors';
import { compareDiagnostics } from './diagnostics';
import type { CodegenDiagnostic } from './diagnostics';
import { buildTool } from './transform/buildTool';
import { SchemaCache } from './transform/SchemaCache';

/** Options of a codegen run. */
export interface CodegenOptions {
  /** Manifest paths are relative to this directory; default: the tsconfig's directory. */
  rootDir?: string;
}

/** What a run produces: the manifest, and every problem found (errors and warnings). */
export interface CodegenResult {
  manifest: ToolManifest;
  diagnostics: CodegenDiagnostic[];
}

interface FileExtraction {
  tools: { tool: ManifestTool; column: number }[];
  /** The `@Tool` methods as found in source. */
  found: FoundTool[];
  diagnostics: CodegenDiagnostic[];
  /** The project files it imports, computed only when watching (`trackDependencies`). */
  dependencies?: Set<string>;
}

const isCandidate = (fileName: string): boolean =>
  !fileName.endsWith('.d.ts') &&
  !fileName.includes('/node_modules/') &&
  /\.(c|m)?tsx?$/.test(fileName);

const dirname = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || '/';

/** Makes `file` relative to `root`, `/`-separated. */
export function relativeTo(root: string, file: string): string {
  const from = root.replace(/\/+$/, '').split('/');
  const to = file.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/** An incremental codegen run over one project. */
export class CodegenSession {
  readonly rootDir: string;
  private readonly files = new Map<string, FileExtraction>();
  private readonly packages: PackageLocator;

  constructor(
    readonly project: Project,
    options: CodegenOptions = {},
  ) {
    const configPath = project.getCompilerOptions().configFilePath;
    this.rootDir = (
      options.rootDir ??
      (typeof configPath === 'string' ? dirname(configPath.replace(/\\/g, '/')) : '/')
    ).replace(/\\/g, '/');
    this.packages = new PackageLocator(project.getFileSystem());
  }

  /** The project files codegen scans for tools. */
  sourceFileNames(): string[] {
    return this.project
      .getSourceFiles()
      .map((file) => file.getFilePath() as string)
      .filter(isCandidate)
      .sort();
  }

  /** Extracts what is not cached yet and assembles the manifest. */
  run(): CodegenResult {
    const program = this.project.getProgram().compilerObject;
    const checker = program.getTypeChecker();
    const resolver = new DecoratorResolver(checker, this.packages);
    for (const fileName of this.sourceFileNames()) {
      if (this.files.has(fileName)) continue;
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile) continue;
      const extraction = this.extract(sourceFile, checker, resolver);
      extraction.diagnostics.push(...typeScriptErrors(sourceFile, extraction.found, program));
      this.files.set(fileName, extraction);
    }
    return this.assemble();
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
      else if (isCandidate(path) && this.includes(path))
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

  private extract(
    sourceFile: ts.SourceFile,
    checker: ts.TypeChecker,
    resolver: DecoratorResolver,
  ): FileExtraction {
    const found = findTools(sourceFile, resolver);
    if (!found.length) return { tools: [], found, diagnostics: [] };
    const extraction: FileExtraction = { tools: [], found, diagnostics: [] };
    const context = {
      checker,
      resolver,
      relativePath: (file: string) => relativeTo(this.rootDir, file),
      cache: new SchemaCache(),
    };
    for (const tool of found) {
      const built = buildTool(tool, context);
      const position = sourceFile.getLineAndCharacterOfPosition(
        tool.method.name.getStart(sourceFile),
      );
      extraction.tools.push({ tool: built.tool, column: position.character + 1 });
      extraction.diagnostics.push(...built.diagnostics);
    }
    return extraction;
  }

  private assemble(): CodegenResult {
    const entries: { tool: ManifestTool; file: string; column: number }[] = [];
    const diagnostics: CodegenDiagnostic[] = [];
    for (const [file, extraction] of this.files) {
      for (const { tool, column } of extraction.tools) entries.push({ tool, file, column });
      diagnostics.push(...extraction.diagnostics);
    }
    entries.sort(
      (a, b) =>
        (a.tool.target.file < b.tool.target.file
          ? -1
          : a.tool.target.file > b.tool.target.file
            ? 1
            : 0) ||
        a.tool.target.line - b.tool.target.line ||
        a.column - b.column,
    );
    const seen = new Map<string, (typeof entries)[number]>();
    for (const entry of entries) {
      const first = seen.get(entry.tool.name);
      if (!first) {
        seen.set(entry.tool.name, entry);
        continue;
      }
      const place = (e: typeof entry) =>
        `${e.tool.target.file}:${e.tool.target.line} (${e.tool.target.class}.${e.tool.target.method})`;
      // One class's tools always share a registry; two classes' tools only may (register() checks).
      const sameClass = first.tool.target.class === entry.tool.target.class;
      diagnostics.push({
        file: entry.file,
        line: entry.tool.target.line,
        column: entry.column,
        code: 'TW107',
        severity: sameClass ? 'error' : 'warning',
        message: `tool name "${entry.tool.name}" is declared twice: ${place(first)} and ${place(entry)}; ${
          sameClass ? 'rename one' : 'one registry cannot hold both, so rename one'
        } with @Tool({ name })`,
      });
    }
    diagnostics.sort(compareDiagnostics);
    // A type file used by several tool files reports its TypeScript errors once.
    const unique = diagnostics.filter(
      (d, i) =>
        i === 0 ||
        compareDiagnostics(d, diagnostics[i - 1]!) !== 0 ||
        d.message !== diagnostics[i - 1]!.message,
    );
    return {
      manifest: { version: MANIFEST_VERSION, tools: entries.map((e) => e.tool) },
      diagnostics: unique,
    };
  }
}
