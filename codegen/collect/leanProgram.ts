/**
 * The lean program of a cold codegen run: the project as it is, without what only a type-check
 * of the whole project needs. `import … from 'toolwright'` resolves to the package's
 * `toolSurface` declarations (the decorators and the types a tool names) instead of its full
 * entry point, which pulls in the Anthropic SDK's and Node's typings; a tsconfig that leaves
 * `types` unset gets no automatic `@types` packages, and one that leaves `lib` unset gets the
 * target's lib without the DOM. A tool whose schema reaches anything this leaves out reads as a
 * TypeScript error (an unresolved name), and the run then reads the full program instead
 * (`runColdCodegen`), so the manifest and the diagnostics are the full program's either way.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ts } from '../typescript';
import type { ParsedTsconfig } from './ParsedTsconfig';

/** The module codegen reads through the surface. */
const PACKAGE = 'toolwright';

/** The surface module, from the folder of the package's entry point, per entry extension. */
const SURFACES: Record<string, string> = {
  '.d.ts': 'decorators/toolSurface.d.ts',
  '.ts': 'decorators/toolSurface.ts',
};

/** The target's default lib without the DOM (`lib.es2022.full.d.ts` → `lib.es2022.d.ts`). */
function libWithoutDom(options: ts.CompilerOptions): string {
  const name = ts.getDefaultLibFileName(options);
  if (name === 'lib.d.ts') return 'lib.es5.d.ts';
  return name.replace(/\.full\.d\.ts$/, '.d.ts');
}

/** The options of the lean program, or undefined when they are the full program's. */
export function leanOptions(parsed: ParsedTsconfig): ts.CompilerOptions {
  return {
    ...parsed.options,
    ...(parsed.declares.types ? {} : { types: [] }),
    ...(parsed.declares.lib ? {} : { lib: [libWithoutDom(parsed.options)] }),
  };
}

/** The surface module of the package whose entry point is `entry`, if it has one. */
function surfaceOf(entry: string): string | undefined {
  const extension = entry.endsWith('.d.ts') ? '.d.ts' : entry.endsWith('.ts') ? '.ts' : undefined;
  if (!extension || basename(entry) !== `index${extension}`) return undefined;
  const surface = join(dirname(entry), SURFACES[extension]!);
  return existsSync(surface) ? surface : undefined;
}

/** A resolution of `toolwright`, pointed at its surface when the package has one. */
function toSurface(resolved: ts.ResolvedModuleWithFailedLookupLocations): typeof resolved {
  const module = resolved.resolvedModule;
  const surface = module && surfaceOf(module.resolvedFileName);
  if (!module || !surface) return resolved;
  return { ...resolved, resolvedModule: { ...module, resolvedFileName: surface } };
}

/** Resolves one import, `toolwright` to its surface; every other module as TypeScript would. */
export type SurfaceResolver = (
  name: string,
  containingFile: string,
  options: ts.CompilerOptions,
  redirected?: ts.ResolvedProjectReference,
  mode?: ts.ResolutionMode,
) => ts.ResolvedModuleWithFailedLookupLocations;

/**
 * A resolver over `host` with a resolution cache of its own.
 * @example
 * const resolve = surfaceResolver(host, options);
 */
export function surfaceResolver(
  host: ts.ModuleResolutionHost & { getCanonicalFileName?(name: string): string },
  options: ts.CompilerOptions,
  currentDirectory: string,
): SurfaceResolver {
  const cache = ts.createModuleResolutionCache(
    currentDirectory,
    (name) => host.getCanonicalFileName?.(name) ?? name,
    options,
  );
  return (name, containingFile, compilerOptions, redirected, mode) => {
    const resolved = ts.resolveModuleName(
      name,
      containingFile,
      compilerOptions,
      host,
      cache,
      redirected,
      mode,
    );
    return name === PACKAGE ? toSurface(resolved) : resolved;
  };
}

/**
 * `host`, resolving `toolwright` to its surface; every other module as TypeScript would.
 * @example
 * ts.createProgram({ rootNames, options, host: resolvingToSurface(codegenHost(options, cache), options) });
 */
export function resolvingToSurface(
  host: ts.CompilerHost,
  options: ts.CompilerOptions,
): ts.CompilerHost {
  const resolve = surfaceResolver(host, options, host.getCurrentDirectory());
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, file) =>
    literals.map((literal) =>
      resolve(
        literal.text,
        containingFile,
        compilerOptions,
        redirected,
        ts.getModeForUsageLocation(file, literal, compilerOptions),
      ),
    );
  return host;
}
