/**
 * The public surface is what the committed API reports say (`api/*.api.md`), and every type a
 * public signature names can be imported. A change to the surface fails here until
 * `npm run api:update` writes the new report, which is then reviewed with the change; the
 * generated reference in docs/api/ is current the same way. The package is built from the
 * sources into the run's own folder (`stagedPackage`).
 */
import { stagedPackage } from '../consumer/packedPackage';
import { ENTRY_POINTS, extractApi } from './apiReport';
import type { ApiExtraction, EntryReport } from './apiReport';

describe('the public API', () => {
  let extraction: ApiExtraction = { reports: [], staleDocs: [] };
  beforeAll(async () => {
    // Built into the run's own folder: the working tree's dist/ is neither read nor written.
    extraction = extractApi(false, await stagedPackage());
  }, 180_000);
  const reportOf = (entry: string): EntryReport =>
    extraction.reports.find((r) => r.entry === entry)!;

  it.each(Object.keys(ENTRY_POINTS))('%s matches its committed report', (entry) => {
    const state = reportOf(entry).changed
      ? `api/${entry}.api.md is out of date: run npm run api:update and review its diff`
      : 'up to date';
    expect(state).toBe('up to date');
  });

  it.each(Object.keys(ENTRY_POINTS))('%s names no type that cannot be imported', (entry) => {
    expect(reportOf(entry).forgotten).toEqual([]);
  });

  it('docs/api/, the generated reference, is what the doc comments give now', () => {
    const state =
      extraction.staleDocs.length > 0
        ? `docs/api/ is out of date (${extraction.staleDocs.slice(0, 5).join(', ')}…): run npm run api:update and review its diff`
        : 'up to date';
    expect(state).toBe('up to date');
  });
});
