/**
 * The consumer suites build the package into their run's own folder and never into the working
 * tree: `dist/` is left as it was (absent, stale or fresh), so a change under test cannot leak
 * into it, and the package the suites check is built from the sources as they are now.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packedPackage, ROOT, runDirectory, stagedPackage } from './packedPackage';

const DIST = join(ROOT, 'dist');

/** Every file under `dir` with its size and modification time, or `absent`. */
function snapshot(dir: string): string[] | 'absent' {
  if (!existsSync(dir)) return 'absent';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(path);
      return `${relative(dir, path)} ${size} ${mtimeMs}`;
    })
    .sort();
}

// Taken when the suite loads, before it asks for the package.
const before = snapshot(DIST);

describe('the package the consumer suites use', () => {
  let staged: string;
  let unpacked: string;
  beforeAll(async () => {
    ({ unpacked } = await packedPackage());
    staged = await stagedPackage();
  }, 300_000);

  it('is built in the run’s own folder, with every file the package ships', () => {
    expect(relative(runDirectory(), staged).startsWith('..')).toBe(false);
    for (const file of ['package.json', 'README.md', 'LICENSE', 'bin/toolwright.js'])
      expect([file, existsSync(join(staged, file))]).toEqual([file, true]);
    expect(readFileSync(join(unpacked, 'dist', 'src', 'index.js'), 'utf8')).toBe(
      readFileSync(join(staged, 'dist', 'src', 'index.js'), 'utf8'),
    );
  });

  it('leaves the working tree’s dist/ untouched', () => {
    expect(snapshot(DIST)).toEqual(before);
  });
});
