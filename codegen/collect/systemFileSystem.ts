/**
 * The disk as `PackageLocator` reads it, through the compiler's own `ts.sys`: what a cold run
 * uses where a ts-morph `Project` would hand over its file system host.
 */
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import { ts } from '../typescript';
import type { PackageFileSystem } from './PackageLocator';

/** `ts.sys` behind the three calls `PackageLocator` makes. */
export const systemFileSystem: PackageFileSystem = {
  realpathSync: (path) => ts.sys.realpath?.(path) ?? path,
  fileExistsSync: (path) => ts.sys.fileExists(path),
  readFileSync: (path) => {
    const text = ts.sys.readFile(path);
    if (text === undefined) throw new ToolwrightError(`cannot read ${path}`);
    return text;
  },
};
