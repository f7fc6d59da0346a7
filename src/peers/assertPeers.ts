/**
 * The optional peer dependencies of the `toolwright/mcp` and `toolwright/nest` entry points are
 * checked before the entry loads them, so a missing one is one line naming the package to install
 * instead of Node's "Cannot find module" with a require stack.
 */
import { MissingPeerError } from '../errors/MissingPeerError';

/** Whether `name` can be resolved from toolwright's location (as the entry's own imports resolve it). */
function isInstalled(name: string): boolean {
  for (const path of [`${name}/package.json`, name]) {
    try {
      require.resolve(path);
      return true;
    } catch (error) {
      // Installed, with a package.json its `exports` do not list.
      if ((error as { code?: string }).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return true;
    }
  }
  return false;
}

/**
 * Throws `MissingPeerError` when any of `packages` is missing.
 * @example
 * assertPeers('toolwright/mcp', ['@modelcontextprotocol/sdk']);
 */
export function assertPeers(entry: string, packages: readonly string[]): void {
  const missing = packages.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  throw new MissingPeerError(
    `${entry} needs ${missing.join(' and ')}, not installed; run: npm install ${missing.join(' ')}`,
  );
}
