/**
 * The codegen settings a project keeps in its tsconfig, under `"toolwright"` (TypeScript ignores
 * keys it does not know): `validation`, the options of the app's NestJS `ValidationPipe`, so the
 * one object the app gives its pipe is written once, read by codegen and carried by the manifest
 * to the registry. Read through the tsconfig's `extends` chain as TypeScript reads
 * `compilerOptions`: a shared base config's options hold, and each file's own keys win over those
 * of the configs it extends (later entries of an `extends` array over earlier ones).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import type { ValidationPipeOptions } from '../../src/validation/pipeOptions';
import type { CodegenOptions } from '../manifestPaths';
import { ts } from '../typescript';

const KEYS = ['transform', 'transformOptions', 'whitelist', 'forbidNonWhitelisted'];

/** One tsconfig's own text, as TypeScript reads it (comments and trailing commas allowed). */
function readConfig(path: string): { extends?: unknown; toolwright?: { validation?: unknown } } {
  const json = ts.parseConfigFileTextToJson(path, readFileSync(path, 'utf8'));
  if (json.error) {
    const text = ts.flattenDiagnosticMessageText(json.error.messageText, '\n');
    throw new ToolwrightError(`cannot read ${path}: ${text}`);
  }
  return (json.config ?? {}) as { extends?: unknown };
}

/**
 * Where an `extends` entry points, as TypeScript resolves it: a path relative to the config
 * (`.json` added when the file has none), or a package's config found through `node_modules`.
 */
function extendedPath(entry: string, from: string): string {
  const base = dirname(from);
  if (isAbsolute(entry) || entry.startsWith('./') || entry.startsWith('../')) {
    const path = resolve(base, entry);
    if (existsSync(path) || path.endsWith('.json')) return path;
    return `${path}.json`;
  }
  const require = createRequire(from);
  for (const candidate of [entry, `${entry}.json`, `${entry}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // Not this form; try the next, as TypeScript does.
    }
  }
  throw new ToolwrightError(
    `${from} extends "${entry}", which cannot be found; install it or fix the path`,
  );
}

/** The `validation` settings of a config and the configs it extends, own keys winning. */
function validationOf(path: string, seen: Set<string>): Record<string, unknown> | undefined {
  if (seen.has(path)) throw new ToolwrightError(`${path} extends itself through its extends chain`);
  seen.add(path);
  if (!existsSync(path)) throw new ToolwrightError(`${path} does not exist`);
  const config = readConfig(path);
  const entries =
    typeof config.extends === 'string'
      ? [config.extends]
      : Array.isArray(config.extends)
        ? config.extends.filter((entry): entry is string => typeof entry === 'string')
        : [];
  let merged: Record<string, unknown> | undefined;
  for (const entry of entries) {
    const inherited = validationOf(extendedPath(entry, path), new Set(seen));
    if (inherited) merged = { ...merged, ...inherited };
  }
  const own = config.toolwright?.validation;
  if (own === undefined) return merged;
  const unknown =
    own === null || typeof own !== 'object' || Array.isArray(own)
      ? ['(not an object)']
      : Object.keys(own).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) {
    throw new ToolwrightError(
      `toolwright.validation in ${path} has ${unknown.join(', ')}; it takes the ValidationPipe options ${KEYS.join(', ')}`,
    );
  }
  return { ...merged, ...(own as Record<string, unknown>) };
}

/** The `toolwright` settings of the tsconfig at `tsconfigPath`, through its `extends` chain. */
export function readCodegenSettings(tsconfigPath: string): CodegenOptions {
  const validation = validationOf(resolve(tsconfigPath), new Set());
  return validation === undefined ? {} : { validation: validation as ValidationPipeOptions };
}
