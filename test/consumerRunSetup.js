/**
 * Jest globalSetup of the `packaging` project: each run gets its own directory under the
 * gitignored `.consumer-tmp/` (named by process id and time), passed to the suites in
 * TOOLWRIGHT_CONSUMER_RUN, so concurrent runs never share or delete each other's files.
 */
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');

module.exports = async function consumerRunSetup() {
  const name = `run-${process.pid}-${Date.now().toString(36)}`;
  const dir = join(__dirname, '..', '.consumer-tmp', name);
  mkdirSync(dir, { recursive: true });
  process.env.TOOLWRIGHT_CONSUMER_RUN = dir;
};
