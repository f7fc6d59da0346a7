/**
 * Loads the module `toolwright mcp --module <file>` serves: a `.js`/`.cjs` file through
 * `require`, a `.ts` file through ts-node's transpile-only register when ts-node is installed.
 * The module exports a `ToolRegistry` as `registry` or as its default export (or a function
 * returning one, possibly async); an ES module may await it at top level (`.mjs`, or `.js` in a
 * `"type": "module"` package). A `.ts` file is compiled to CommonJS, which has no top-level await.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RegistryModuleError } from './RegistryModuleError';
import type { McpToolSource } from './types';

const TYPESCRIPT_EXTENSIONS = new Set(['.ts', '.cts', '.mts', '.tsx']);

const ESM_EXTENSIONS = new Set(['.mjs']);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Node's own `import()`, which TypeScript would otherwise compile to `require` in CommonJS
 * output (and `require` cannot load an ES module with top-level await, nor any before Node
 * 22.12).
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<Record<string, unknown>>;

function importEsm(file: string): Promise<Record<string, unknown>> {
  return nativeImport(pathToFileURL(file).href);
}

/**
 * Why `require` refuses an ES module that `import()` loads: an ES module on a Node without
 * `require(esm)`, and one with top-level await on a Node with it (20.19+, 22.12+).
 */
const IMPORT_INSTEAD = new Set(['ERR_REQUIRE_ESM', 'ERR_REQUIRE_ASYNC_MODULE']);

/** `require`, or `import()` for a `.js` file that is an ES module (`"type": "module"`). */
function requireOrImport(file: string): Record<string, unknown> | Promise<Record<string, unknown>> {
  try {
    return createRequire(file)(file) as Record<string, unknown>;
  } catch (error) {
    if (IMPORT_INSTEAD.has(String((error as { code?: string }).code))) return importEsm(file);
    throw error;
  }
}

/** Whether a value has the registry methods the MCP server uses. */
export function isToolSource(value: unknown): value is McpToolSource {
  const candidate = value as Record<string, unknown> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    ['descriptors', 'get', 'call', 'onChange'].every((key) => typeof candidate[key] === 'function')
  );
}

/** A package as seen from the first of `from` that resolves it (the user's project first, then ours). */
function requireFrom<T>(name: string, from: string[]): T | undefined {
  for (const origin of from) {
    try {
      return createRequire(origin)(name) as T;
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * What the module must compile with, whatever its tsconfig says: CommonJS (it is `require`d),
 * and the decorator options toolwright needs.
 */
function transpileOptions(file: string): Record<string, unknown> {
  const typescript = requireFrom<{ version: string }>('typescript', [file, __filename]);
  const major = Number(typescript?.version.split('.')[0] ?? 5);
  return {
    module: 'commonjs',
    moduleResolution: 'node10',
    verbatimModuleSyntax: false,
    esModuleInterop: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    ...(major >= 6 ? { ignoreDeprecations: '6.0' } : {}),
  };
}

/** Makes `require` understand TypeScript, once, unless something (ts-node, a loader) already does. */
function registerTypeScript(file: string): void {
  if (require.extensions[extname(file)]) return;
  const tsNode = requireFrom<{ register(options: Record<string, unknown>): unknown }>('ts-node', [
    file,
    __filename,
  ]);
  if (!tsNode) {
    throw new RegistryModuleError(
      `${file} is TypeScript and ts-node is not installed; install ts-node or compile it and pass the .js file`,
    );
  }
  tsNode.register({
    transpileOnly: true,
    projectSearchDir: dirname(file),
    compilerOptions: transpileOptions(file),
    // Compiled to CommonJS and required, even inside a `"type": "module"` package.
    moduleTypes: { '**/*': 'cjs' },
  });
}

/** The registry a loaded module exports. */
async function registryOf(file: string, exports: Record<string, unknown>): Promise<McpToolSource> {
  const candidates = [exports.registry, exports.default, exports];
  for (const candidate of candidates) {
    if (isToolSource(candidate)) return candidate;
  }
  for (const candidate of [exports.registry, exports.default]) {
    if (
      typeof candidate !== 'function' ||
      /^class\b/.test(Function.prototype.toString.call(candidate))
    )
      continue;
    let made: unknown;
    try {
      made = await (candidate as () => unknown)();
    } catch (error) {
      throw new RegistryModuleError(`${file}: creating the registry failed: ${messageOf(error)}`);
    }
    if (isToolSource(made)) return made;
  }
  throw new RegistryModuleError(
    `${file} exports no ToolRegistry; add \`export const registry = new ToolRegistry().register(...)\` (or a default export)`,
  );
}

/** A loaded registry module. */
export interface LoadedRegistryModule {
  /** The module's absolute path. */
  file: string;
  /** The registry it exports. */
  registry: McpToolSource;
  /** All its exports (e.g. an `approve` hook). */
  exports: Record<string, unknown>;
}

/**
 * Loads a registry module, relative to `cwd`.
 * @example
 * const { registry } = await loadRegistryModule('dist/tools.js');
 */
export async function loadRegistryModule(
  path: string,
  cwd = process.cwd(),
): Promise<LoadedRegistryModule> {
  const file = resolve(cwd, path);
  if (!existsSync(file))
    throw new RegistryModuleError(`${file} does not exist; pass --module <file>`);
  if (TYPESCRIPT_EXTENSIONS.has(extname(file))) registerTypeScript(file);
  let exports: Record<string, unknown>;
  try {
    exports = await (ESM_EXTENSIONS.has(extname(file)) ? importEsm(file) : requireOrImport(file));
  } catch (error) {
    throw new RegistryModuleError(`${file} failed to load: ${messageOf(error)}`);
  }
  return { file, registry: await registryOf(file, exports), exports };
}
