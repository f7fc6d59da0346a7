/**
 * How the manifest names files: relative to one root directory (the `rootDir` option, else the
 * tsconfig's directory), `/`-separated, so a manifest is the same on every machine. Both the
 * incremental session and the cold run take their root from here.
 */
import type { ts } from './typescript';
import type { ValidationPipeOptions } from '../src/validation/pipeOptions';

/** Options of a codegen run. */
export interface CodegenOptions {
  /** Manifest paths are relative to this directory; default: the tsconfig's directory. */
  rootDir?: string;
  /**
   * The app's NestJS `ValidationPipe` options: the schemas describe what DTOs accept under them
   * (implicit conversion lets `@IsDate()` take date-time text; without `whitelist` a property
   * without a decorator is kept), and the manifest carries them to the registry. The CLI reads
   * them from the tsconfig's `"toolwright": { "validation": { ... } }`.
   */
  validation?: ValidationPipeOptions;
}

const dirname = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || '/';

/** The run's root directory: `options.rootDir`, else the directory of the tsconfig, else `/`. */
export function rootDirOf(options: CodegenOptions, compilerOptions: ts.CompilerOptions): string {
  const configPath = compilerOptions.configFilePath;
  return (
    options.rootDir ??
    (typeof configPath === 'string' ? dirname(configPath.replace(/\\/g, '/')) : '/')
  ).replace(/\\/g, '/');
}

/** Makes `file` relative to `root`, `/`-separated. */
export function relativeTo(root: string, file: string): string {
  const from = root.replace(/\/+$/, '').split('/');
  const to = file.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}
