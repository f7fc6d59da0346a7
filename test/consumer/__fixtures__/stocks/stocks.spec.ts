/** The stock sample's report under Vitest, written to REPORT_FILE for stocks.test.ts to compare. */
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { stockReport } from './report.js';

it('runs the stock sample', async () => {
  const report = await stockReport();
  expect(report.conversation).toBeDefined();
  writeFileSync(process.env.REPORT_FILE as string, JSON.stringify(report));
});
