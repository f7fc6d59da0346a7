/**
 * Jest globalTeardown of the `packaging` project: removes this run's directory (made by
 * consumerRunSetup.js) unless KEEP_CONSUMER_TMP is set, for a look after the run.
 */
const { rmSync } = require('node:fs');

module.exports = async function consumerRunTeardown() {
  const dir = process.env.TOOLWRIGHT_CONSUMER_RUN;
  if (dir && !process.env.KEEP_CONSUMER_TMP) rmSync(dir, { recursive: true, force: true });
};
