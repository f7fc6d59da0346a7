#!/usr/bin/env node
// The toolwright CLI: a thin launcher for the compiled codegen/cli (built by `npm run build`;
// the published package ships it built, a clone builds it with `npm run build`).
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'dist', 'codegen', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(
    `toolwright: ${cli} is not built; run npm run build in ${join(__dirname, '..')}\n`,
  );
  process.exitCode = 2;
} else {
  require(cli)
    .main(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    });
}
