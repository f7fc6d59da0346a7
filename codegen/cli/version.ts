/** `toolwright --version`: the version of the installed package, read from its package.json. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The `version` of the nearest `package.json` named toolwright above this file (source or built). */
export function packageVersion(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (existsSync(path)) {
      const pkg = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'toolwright' && pkg.version) return pkg.version;
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
