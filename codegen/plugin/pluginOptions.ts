/**
 * The options of the compiler plugin, as `nest-cli.json` (`"plugins": [{ "name": "toolwright",
 * "options": { ... } }]`) or a tsconfig's ts-patch entry (`{ "transform": "toolwright/plugin",
 * ... }`) gives them, and where they put the manifest: the place `toolwright codegen` writes it
 * by default, so the CLI (`--check` in CI) and the build agree without being told twice.
 */
import { dirname, resolve } from 'node:path';
import type { ts } from '../typescript';

/** What the plugin takes. */
export interface ToolwrightPluginOptions {
  /**
   * The manifest to write, relative to the tsconfig's directory (a `.json` path writes JSON);
   * default `src/tools.manifest.ts`, the file `toolwright codegen` writes without `-o`.
   */
  manifest?: string;
}

/** The default manifest, relative to the tsconfig's directory (the CLI's default too). */
export const DEFAULT_MANIFEST = 'src/tools.manifest.ts';

/** The tsconfig the program was built from (absolute), or the working directory's `tsconfig.json`. */
export function configFileOf(compilerOptions: ts.CompilerOptions): string {
  const path = compilerOptions.configFilePath;
  return typeof path === 'string' ? resolve(path) : resolve('tsconfig.json');
}

/** The absolute path of the manifest the plugin writes for a program with `compilerOptions`. */
export function manifestPathOf(
  options: ToolwrightPluginOptions,
  compilerOptions: ts.CompilerOptions,
): string {
  return resolve(dirname(configFileOf(compilerOptions)), options.manifest ?? DEFAULT_MANIFEST);
}
