/**
 * What every host of the compiler plugin shares (the Nest CLI's `tsc` builder and its SWC
 * type-check, `tspc`): one extractor per project, kept across a watch's rebuilds; one run per
 * program; the manifest written when its bytes change and no tool has an error (a watch does
 * not build again for a write that changes only documentation: `settleWatchRewrite`); errors
 * handed back as the host compiler's diagnostics for the host to report; warnings and one status
 * line written to the build's stderr (the plugin is an edge, like the CLI: a build has no logger).
 */
import { relative, sep } from 'node:path';
import { readCodegenSettings } from '../cli/codegenSettings';
import { writeRendered } from '../cli/writeManifest';
import { renderManifest } from '../emit/renderManifest';
import type { Compiler, ts } from '../typescript';
import { hostDiagnostic } from './hostDiagnostic';
import { configFileOf, manifestPathOf } from './pluginOptions';
import type { ToolwrightPluginOptions } from './pluginOptions';
import { ProgramExtractor } from './ProgramExtractor';
import { settingsFile } from './settingsFile';
import { settleWatchRewrite } from './settleWatchRewrite';
import type { ProgramExtraction } from './ProgramExtractor';
import { existsSync } from 'node:fs';

/** Where the plugin writes what it has to say. */
export interface PluginIo {
  stderr(text: string): void;
  /** Whether to colour diagnostics (the host's terminal). */
  color: boolean;
}

/** The process's stderr. */
export const processIo: PluginIo = {
  stderr: (text) => void process.stderr.write(text),
  color: !!process.stderr.isTTY,
};

/** What one program produced. */
export interface PluginOutcome {
  result: ProgramExtraction;
  /** The tools' errors as the host compiler's diagnostics. */
  errors: ts.Diagnostic[];
  /** Whether the manifest file was (re)written. */
  wrote: boolean;
  /** The manifest file's text as this program's tools make it; undefined when they have errors. */
  text?: string;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The codegen of one project inside its build. */
export class PluginCodegen {
  private readonly outcomes = new WeakMap<ts.Program, PluginOutcome>();
  private readonly extractor: ProgramExtractor;
  private hadErrors = false;

  constructor(
    private readonly compiler: Compiler,
    configFile: string,
    readonly manifest: string,
    private readonly io: PluginIo = processIo,
  ) {
    this.extractor = new ProgramExtractor(
      compiler,
      existsSync(configFile) ? readCodegenSettings(settingsFile(configFile)) : {},
    );
  }

  /** Runs codegen over `program` once (later calls with the same program return the outcome). */
  run(program: ts.Program): PluginOutcome {
    let outcome = this.outcomes.get(program);
    if (!outcome) {
      outcome = this.produce(program);
      this.outcomes.set(program, outcome);
    }
    return outcome;
  }

  private produce(program: ts.Program): PluginOutcome {
    const result = this.extractor.run(program);
    const diagnostics = result.diagnostics.map((d) => hostDiagnostic(d, program, this.compiler));
    const errors = diagnostics.filter((d) => d.category === this.compiler.DiagnosticCategory.Error);
    const warnings = diagnostics.filter((d) => !errors.includes(d));
    if (warnings.length) this.io.stderr(this.format(warnings));
    const text = errors.length ? undefined : renderManifest(result.manifest, this.manifest);
    const wrote = text !== undefined && writeRendered(text, this.manifest);
    if (wrote && text !== undefined)
      settleWatchRewrite(this.compiler, program, this.manifest, text);
    const shown = relative(process.cwd(), this.manifest).split(sep).join('/');
    const tools = plural(result.manifest.tools.length, 'tool');
    if (errors.length)
      this.io.stderr(
        `toolwright: ${shown} not updated: ${plural(errors.length, 'error')} in the tools.\n`,
      );
    else if (wrote) this.io.stderr(`toolwright: wrote ${shown} (${tools}).\n`);
    else if (this.hadErrors)
      this.io.stderr(`toolwright: errors fixed; ${shown} is unchanged (${tools}).\n`);
    this.hadErrors = errors.length > 0;
    return { result, errors, wrote, ...(text !== undefined && { text }) };
  }

  /**
   * Hands `remade` (the program made again to read the manifest `from` wrote) the outcome of
   * `from`: the same sources and tools, so the run is not repeated nor its warnings printed twice.
   */
  share(remade: ts.Program, from: ts.Program): void {
    const outcome = this.outcomes.get(from);
    if (outcome) this.outcomes.set(remade, outcome);
  }

  /** Diagnostics in the host compiler's own format. */
  format(diagnostics: readonly ts.Diagnostic[]): string {
    const host = {
      getCanonicalFileName: (path: string) => path,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    };
    return this.io.color
      ? `${this.compiler.formatDiagnosticsWithColorAndContext(diagnostics, host)}\n`
      : this.compiler.formatDiagnostics(diagnostics, host);
  }
}

const sessions = new Map<string, PluginCodegen>();

/**
 * The codegen of the project `program` belongs to, shared by every program of that project the
 * process builds (a watch's rebuilds), per compiler module.
 */
export function pluginCodegenFor(
  compiler: Compiler,
  options: ToolwrightPluginOptions,
  program: ts.Program,
  io: PluginIo = processIo,
): PluginCodegen {
  const compilerOptions = program.getCompilerOptions();
  const configFile = configFileOf(compilerOptions);
  const manifest = manifestPathOf(options ?? {}, compilerOptions);
  const key = `${configFile}\u0000${manifest}\u0000${compiler.version}`;
  let session = sessions.get(key);
  if (!session) {
    session = new PluginCodegen(compiler, configFile, manifest, io);
    sessions.set(key, session);
  }
  return session;
}
