/**
 * `ioredis` is an optional peer: `toolwright` (which exports `RedisApprovalStore`) must not load
 * it. Checked in a fresh Node process, where the module cache tells the truth.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

it('importing toolwright does not load ioredis', () => {
  const script = `
    const toolwright = require(${JSON.stringify(join(root, 'src/index.ts'))});
    if (typeof toolwright.RedisApprovalStore !== 'function') throw new Error('not exported');
    const loaded = Object.keys(require.cache).filter((file) => /node_modules[\\\\/]ioredis[\\\\/]/.test(file));
    process.stdout.write(JSON.stringify(loaded));
  `;
  const output = execFileSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  expect(JSON.parse(output)).toEqual([]);
});
