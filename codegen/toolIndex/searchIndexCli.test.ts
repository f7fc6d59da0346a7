/** `toolwright codegen --search-index` on real files: the index lands beside the manifest, tags read. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempProject } from '../__fixtures__/tempProject';
import { ToolIndex } from '../../src/toolIndex/ToolIndex';

jest.setTimeout(90_000);

const SERVICE = `import { Tool, Param } from 'toolwright';

export class Disputes {
  /**
   * Contests a card dispute with the evidence of delivery.
   * @param disputeId The dispute id.
   * @keywords chargeback
   */
  @Tool()
  contestDispute(@Param() disputeId: string): string { return disputeId; }

  /** Lists open disputes. */
  @Tool()
  listDisputes(): string[] { return []; }
}
`;

it('writes tools.search.json beside the manifest, searchable through the @keywords tag', async () => {
  const project = tempProject({ 'src/disputes.ts': SERVICE });
  try {
    const run = await runCli(
      ['codegen', '--search-index', '-o', 'out/tools.manifest.json'],
      project.root,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Wrote out/tools.search.json (search index).');
    const file: unknown = JSON.parse(
      readFileSync(join(project.root, 'out/tools.search.json'), 'utf8'),
    );
    const index = await ToolIndex.fromFile(file);
    expect(await index.search('chargeback', 5)).toEqual(['contest_dispute']);
  } finally {
    project.cleanup();
  }
});
