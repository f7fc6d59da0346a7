/**
 * The registry as the module provides it: reading it (`list`, `call`, `toAnthropic`, ...)
 * before Nest has run the init hooks first registers the tool providers, so a testing module
 * that was compiled but never initialised still sees every tool.
 */
import type { ToolManifest } from '../manifest/types';
import type { ToolRegistry } from '../registry/ToolRegistry';
import type { ToolwrightExplorer } from './ToolwrightExplorer';

/** Methods that do not read the tools, so calling them never triggers discovery. */
const NOT_READS = new Set<PropertyKey>(['register', 'onChange', 'constructor']);

/** Wraps `registry` so that its reads register the discovered providers first, until init. */
export function syncedRegistry(
  registry: ToolRegistry,
  explorer: ToolwrightExplorer,
  manifest?: ToolManifest,
): ToolRegistry {
  explorer.attach(registry, manifest);
  return new Proxy(registry, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!explorer.complete && typeof key === 'string' && !NOT_READS.has(key)) explorer.sync();
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}
