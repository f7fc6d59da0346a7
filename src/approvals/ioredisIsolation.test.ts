/**
 * `ioredis` and BullMQ are optional peers: `toolwright` (which exports `RedisApprovalStore`, and
 * runs long-running tools in-process without `toolwright/jobs`) must not load them. Checked in a
 * fresh Node process, where the module cache tells the truth.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { FROM_SOURCE } from '../../test/fromSource';

const root = join(__dirname, '..', '..');

it('importing toolwright does not load ioredis', () => {
  const script = `
    const toolwright = require(${JSON.stringify(join(root, 'src/index.ts'))});
    if (typeof toolwright.RedisApprovalStore !== 'function') throw new Error('not exported');
    const loaded = Object.keys(require.cache).filter((file) => /node_modules[\\\\/]ioredis[\\\\/]/.test(file));
    process.stdout.write(JSON.stringify(loaded));
  `;
  const output = execFileSync(process.execPath, [...FROM_SOURCE, '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(JSON.parse(output)).toEqual([]);
});

it('importing toolwright and calling a long-running tool without jobs loads neither BullMQ nor ioredis', () => {
  const script = `
    require('reflect-metadata');
    const { Tool, Param, ToolRegistry } = require(${JSON.stringify(join(root, 'src/index.ts'))});
    class Reports {
      exportAll(month) { return 'exported ' + month; }
    }
    Param('month')(Reports.prototype, 'exportAll', 0);
    Tool({ longRunning: true })(Reports.prototype, 'exportAll', Object.getOwnPropertyDescriptor(Reports.prototype, 'exportAll'));
    Reflect.defineMetadata('design:paramtypes', [String], Reports.prototype, 'exportAll');
    new ToolRegistry().register(new Reports()).call('export_all', { month: '2026-10' }).then((outcome) => {
      const loaded = Object.keys(require.cache).filter((file) => /node_modules[\\\\/](bullmq|ioredis)[\\\\/]/.test(file));
      process.stdout.write(JSON.stringify({ outcome, loaded }));
    });
  `;
  const output = execFileSync(process.execPath, [...FROM_SOURCE, '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(JSON.parse(output)).toEqual({
    outcome: { content: 'exported 2026-10', isError: false },
    loaded: [],
  });
});
