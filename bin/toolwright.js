#!/usr/bin/env node
// The toolwright CLI: a thin launcher for the compiled codegen/cli (built by `npm run build`,
// which `npm install` runs through the `prepare` script).
require('../dist/codegen/cli.js')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
