/**
 * Finds which npm package a file belongs to: the nearest `package.json` with a `name`, found
 * from the file's real path (so a symlinked or `npm link`ed install is the package it points to).
 * This is how codegen tells this package's decorators from look-alikes: by package, never by a
 * substring of an import path.
 */

/**
 * The file system calls the locator makes: ts-morph's `FileSystemHost` has them, and so does
 * `systemFileSystem` (the disk through `ts.sys`) for a run without ts-morph.
 */
export interface PackageFileSystem {
  realpathSync(path: string): string;
  fileExistsSync(path: string): boolean;
  readFileSync(path: string): string;
}

/** The package a file belongs to. */
export interface PackageInfo {
  name: string;
  /** The package's root directory (real path, `/`-separated). */
  root: string;
}

const dirname = (path: string): string => {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
};

/** Looks up and caches the package of a file, through the project's file system. */
export class PackageLocator {
  private readonly byDirectory = new Map<string, PackageInfo | null>();
  private readonly byFile = new Map<string, PackageInfo | undefined>();
  private readonly realpaths = new Map<string, string>();

  constructor(private readonly fileSystem: PackageFileSystem) {}

  /** The package `file` belongs to, or `undefined` outside any named package. */
  packageOf(file: string): PackageInfo | undefined {
    if (this.byFile.has(file)) return this.byFile.get(file);
    const found = this.lookup(dirname(this.realpath(file))) ?? undefined;
    this.byFile.set(file, found);
    return found;
  }

  /** The real path of `path` (symlinks resolved), `/`-separated. */
  realpath(path: string): string {
    let real = this.realpaths.get(path);
    if (real === undefined) {
      try {
        real = this.fileSystem.realpathSync(path).replace(/\\/g, '/');
      } catch {
        real = path;
      }
      this.realpaths.set(path, real);
    }
    return real;
  }

  private lookup(directory: string): PackageInfo | null {
    const cached = this.byDirectory.get(directory);
    if (cached !== undefined) return cached;
    let found: PackageInfo | null = null;
    const manifestPath = `${directory === '/' ? '' : directory}/package.json`;
    const name = this.readName(manifestPath);
    if (name) found = { name, root: directory };
    else if (directory !== '/' && dirname(directory) !== directory) {
      found = this.lookup(dirname(directory));
    }
    this.byDirectory.set(directory, found);
    return found;
  }

  private readName(manifestPath: string): string | undefined {
    try {
      if (!this.fileSystem.fileExistsSync(manifestPath)) return undefined;
      const parsed = JSON.parse(this.fileSystem.readFileSync(manifestPath)) as { name?: unknown };
      return typeof parsed.name === 'string' && parsed.name ? parsed.name : undefined;
    } catch {
      return undefined;
    }
  }
}
