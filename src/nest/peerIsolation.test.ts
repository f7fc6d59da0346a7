/**
 * NestJS is an optional peer: `toolwright` alone must not load it, and `toolwright/nest` must.
 * Checked in a fresh Node process, where the module cache tells the truth.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { FROM_SOURCE } from '../../test/fromSource';

const root = join(__dirname, '..', '..');

/** Requires `entry` in a fresh process and lists the `@nestjs` packages it loaded. */
function nestPackagesLoadedBy(entry: string): string[] {
  const script = `
    require(${JSON.stringify(join(root, entry))});
    const loaded = new Set();
    for (const file of Object.keys(require.cache)) {
      const match = /node_modules[\\\\/](@nestjs[\\\\/][^\\\\/]+)/.exec(file);
      if (match) loaded.add(match[1].replace('\\\\', '/'));
    }
    process.stdout.write(JSON.stringify([...loaded].sort()));
  `;
  const output = execFileSync(process.execPath, [...FROM_SOURCE, '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}

describe('NestJS as an optional peer', () => {
  it('is not loaded by toolwright', () => {
    expect(nestPackagesLoadedBy('src/index.ts')).toEqual([]);
  });

  it('is loaded by toolwright/nest', () => {
    expect(nestPackagesLoadedBy('src/nest/index.ts')).toEqual(['@nestjs/common', '@nestjs/core']);
  });
});
