/**
 * The public surface is what the committed API reports say (`api/*.api.md`), and every type a
 * public signature names can be imported. A change to the surface fails here until
 * `npm run api:update` writes the new report, which is then reviewed with the change. The
 * package is built from the sources into the run's own folder (`stagedPackage`).
 */
import { stagedPackage } from '../consumer/packedPackage';
import { ENTRY_POINTS, extractApi } from './apiReport';
import type { EntryReport } from './apiReport';

describe('the public API', () => {
  let reports: EntryReport[] = [];
  beforeAll(async () => {
    // Built into the run's own folder: the working tree's dist/ is neither read nor written.
    reports = extractApi(false, await stagedPackage());
  }, 180_000);
  const reportOf = (entry: string): EntryReport => reports.find((r) => r.entry === entry)!;

  it.each(Object.keys(ENTRY_POINTS))('%s matches its committed report', (entry) => {
    const state = reportOf(entry).changed
      ? `api/${entry}.api.md is out of date: run npm run api:update and review its diff`
      : 'up to date';
    expect(state).toBe('up to date');
  });

  it.each(Object.keys(ENTRY_POINTS))('%s names no type that cannot be imported', (entry) => {
    expect(reportOf(entry).forgotten).toEqual([]);
  });
});
