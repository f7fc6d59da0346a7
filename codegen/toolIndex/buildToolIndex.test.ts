/**
 * The tool search index codegen builds (issue 48): names, descriptions, parameters and the extra
 * JSDoc tags of each tool, analysed once; a query reaches a tool through a synonym that only its
 * `@keywords` tag holds.
 */
import { generateOne } from '../__fixtures__/inlineProject';
import { ToolIndex } from '../../src/toolIndex/ToolIndex';
import { buildToolIndex } from './buildToolIndex';

const SOURCE = `
export class Payments {
  /**
   * Contests a card dispute with the evidence of delivery.
   * @param disputeId The dispute id from the card network.
   * @keywords chargeback, bank reversal
   * @remarks Answer before the network's deadline.
   * @returns The dispute after the evidence went out.
   */
  @Tool({ alwaysLoaded: true })
  contestDispute(@Param() disputeId: string): string { return disputeId; }

  /**
   * Reverses a payment captured twice for the same order.
   * @param paymentId The payment charged twice.
   */
  @Tool()
  refundDuplicateCharge(@Param() paymentId: string): string { return paymentId; }
}
`;

const source = `import { Tool, Param, Params, Ctx } from 'toolwright';\n${SOURCE}`;

describe('buildToolIndex', () => {
  const { manifest, diagnostics } = generateOne(SOURCE);

  it('indexes each tool: name words weighted, description, parameters and extra tags, stemmed', () => {
    expect(diagnostics).toEqual([]);
    expect(manifest.tools[0]!.options).toEqual({ alwaysLoaded: true });
    const index = buildToolIndex(manifest, (file) =>
      file === 'src/service.ts' ? source : undefined,
    );
    expect(index).toMatchObject({
      format: 'toolwright-tool-index',
      version: 1,
      analyzer: 'en-light-1',
    });
    expect(index.tools.map((tool) => tool.name)).toEqual([
      'contest_dispute',
      'refund_duplicate_charge',
    ]);
    const terms = index.tools[0]!.terms.split(' ');
    expect(terms.slice(0, 6)).toEqual([
      'contest',
      'disput',
      'contest',
      'disput',
      'contest',
      'disput',
    ]);
    expect(terms).toEqual(
      expect.arrayContaining(['chargeback', 'bank', 'reversal', 'deadlin', 'evidenc', 'network']),
    );
    expect(index.tools[1]!.terms).toContain('payment charg twic');
  });

  it('a synonym only @keywords holds reaches the tool; without the source it does not', async () => {
    const withTags = await ToolIndex.fromFile(buildToolIndex(manifest, () => source));
    expect(await withTags.search('chargeback', 5)).toEqual(['contest_dispute']);
    expect(await withTags.search('customer was charged twice', 5)).toEqual([
      'refund_duplicate_charge',
    ]);
    const withoutTags = await ToolIndex.fromFile(buildToolIndex(manifest));
    expect(await withoutTags.search('chargeback', 5)).toEqual([]);
  });

  it('ToolIndex refuses a file that is not an index, or of another analysis', async () => {
    await expect(ToolIndex.fromFile({ tools: [] }, 'x.json')).rejects.toThrow(
      'x.json is not a toolwright tool index; write one with toolwright codegen --search-index',
    );
    await expect(
      ToolIndex.fromFile({ ...buildToolIndex(manifest), analyzer: 'other' }, 'x.json'),
    ).rejects.toThrow(/was analysed as other, this toolwright reads en-light-1/);
  });
});
