/**
 * The SQL tools for one database, named and described for it: `sqlTools(engine)` gives the
 * instance to register and the manifest to register it with (the shipped one, with the engine's
 * dialect and version added to `run_query`'s description, and every name prefixed when
 * `prefix` is given, so one agent can hold two databases). `sqlRegistry` does both in one call.
 */
import { Tool } from '../decorators/Tool';
import type { ManifestTool, ToolManifest } from '../manifest/types';
import { ToolRegistry } from '../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../registry/types';
import { isValidToolName } from '../naming/toolName';
import { withAccess } from '../registry/withAccess';
import type { ToolAccess } from '../registry/withAccess';
import { SqlConfigError } from './hiddenColumns';
import type { SqlEngine } from './SqlEngine';
import { SqlTools } from './SqlTools';
import type { SqlToolsLimits } from './sqlToolsLimits';
import { sqlManifest as shipped } from './shippedManifest';

/**
 * Options of `sqlTools` and `sqlRegistry`: names, budgets, and who may call the tools (`scopes`,
 * `roles`: as on any `@Tool`, a caller without them is not listed the tools and is refused).
 */
export interface SqlToolsOptions extends SqlToolsLimits, ToolAccess {
  /** Put before every tool name (`crm_` gives `crm_run_query`), for a second database. */
  prefix?: string;
  /** A sentence about the database for `run_query`'s and `list_tables`' descriptions. */
  about?: string;
}

/** What to register: the instance and the manifest naming and describing its tools. */
export interface SqlToolset {
  /** The tools' instance, for `registry.register()`. */
  tools: SqlTools;
  /** Their manifest, for `new ToolRegistry({ manifest })` (concatenate its `tools` with yours). */
  manifest: ToolManifest;
  /** The tool names, as the model sees them. */
  names: string[];
}

/** The tools' methods and the `@Tool` options the class gives them. */
const METHODS = ['listTables', 'describeTable', 'runQuery'] as const;

/** The instance's class: `SqlTools` itself, or a subclass whose `@Tool`s carry the prefix. */
function classFor(prefix: string): typeof SqlTools {
  if (!prefix) return SqlTools;
  const name = `SqlTools_${prefix.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const Named = { [name]: class extends SqlTools {} }[name]!;
  for (const method of METHODS) {
    const entry = shipped.tools.find((tool) => tool.target.method === method)!;
    const descriptor = Object.getOwnPropertyDescriptor(SqlTools.prototype, method)!;
    Tool({ ...entry.options, name: `${prefix}${entry.name}` })(Named.prototype, method, descriptor);
  }
  return Named;
}

/**
 * The SQL tools over `engine`, and the manifest to register them with.
 * @example
 * const { tools, manifest } = sqlTools(await openSqlite({ file: 'shop.db' }), { prefix: 'shop_' });
 * const registry = new ToolRegistry({ manifest }).register(tools);
 */
export function sqlTools(engine: SqlEngine, options: SqlToolsOptions = {}): SqlToolset {
  const { prefix = '', about, scopes, roles, ...limits } = options;
  const Tools = classFor(prefix);
  const tools: ManifestTool[] = shipped.tools.map((entry) => {
    const name = `${prefix}${entry.name}`;
    if (!isValidToolName(name)) {
      throw new SqlConfigError(
        `prefix "${prefix}" makes the tool name "${name}", which the API refuses; use letters, digits, _ and -`,
      );
    }
    let description = entry.description;
    if (entry.target.method === 'runQuery') {
      description = `${description}\n\nDialect: ${engine.dialect} ${engine.version}.`;
    }
    if (about) description = `${about}\n\n${description}`;
    return { ...entry, name, description, target: { ...entry.target, class: Tools.name } };
  });
  return {
    tools: new Tools(engine, limits),
    manifest: withAccess({ version: shipped.version, tools }, { scopes, roles }),
    names: tools.map((tool) => tool.name),
  };
}

/**
 * A registry holding the SQL tools over `engine`.
 * @example
 * const registry = sqlRegistry(await openSqlite({ file: 'shop.db' }));
 */
export function sqlRegistry(
  engine: SqlEngine,
  options: SqlToolsOptions = {},
  registryOptions: Omit<ToolRegistryOptions, 'manifest'> = {},
): ToolRegistry {
  const { tools, manifest } = sqlTools(engine, options);
  return new ToolRegistry({ ...registryOptions, manifest }).register(tools);
}
