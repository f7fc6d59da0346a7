/**
 * A Jest reporter that prints the run's wall time (start to finish, as a person waits for it),
 * so `npm test` shows how long the fast default takes.
 */
class WallTimeReporter {
  onRunStart() {
    this.start = Date.now();
  }

  onRunComplete() {
    const seconds = ((Date.now() - this.start) / 1000).toFixed(1);
    process.stderr.write(`Wall time: ${seconds} s\n`);
  }
}

module.exports = WallTimeReporter;
