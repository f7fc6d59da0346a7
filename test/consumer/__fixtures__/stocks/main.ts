/** The stock sample's report printed as JSON: run compiled by tsc (ESM and CommonJS) and by tsx. */
import { stockReport } from './report.js';

stockReport().then(
  (report) => process.stdout.write(JSON.stringify(report)),
  (error: unknown) => {
    process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
