/**
 * Which tsconfig holds a build's codegen settings (`"toolwright": { "validation": … }`): the one
 * the build compiles with, or, when it has none, the relative `extends` it names, in turn. Nest
 * builds with `tsconfig.build.json`, which extends the `tsconfig.json` that `toolwright codegen`
 * reads: both must read the same settings to write the same manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ts } from '../typescript';

/** The tsconfig whose `toolwright` settings apply to a build of `configFile`. */
export function settingsFile(configFile: string): string {
  let file = configFile;
  for (let depth = 0; depth < 16; depth++) {
    const json = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8')).config as
      { toolwright?: unknown; extends?: unknown } | undefined;
    const base = json?.extends;
    if (json?.toolwright !== undefined || typeof base !== 'string' || !base.startsWith('.'))
      return file;
    const next = resolve(dirname(file), base.endsWith('.json') ? base : `${base}.json`);
    if (!existsSync(next)) return file;
    file = next;
  }
  return file;
}
