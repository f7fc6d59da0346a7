/** `toolwright show` with strict tools: it prints exactly what is sent, and says which tools go out without strict. */
import { runCli, tempProject } from '../__fixtures__/tempProject';
import { strictSubsetProblems } from '../../src/testing/strictSubset';

jest.setTimeout(90_000);

const SERVICE = `import { Param, Params, Tool } from 'toolwright';

export class Category { name!: string; sub?: Category[] }

export class ShopService {
  /**
   * Finds orders.
   * @param query What to search for.
   */
  @Tool({ strict: true })
  findOrders(@Param() query: string, @Param() limit?: number): string[] { return [query, String(limit)]; }

  /** Adds a category tree. */
  @Tool()
  addTree(@Params() tree: Category): string { return tree.name; }
}
`;

interface Definition {
  name: string;
  strict?: boolean;
  input_schema: Record<string, unknown>;
}

describe('toolwright show with strict tools', () => {
  const created = tempProject({ 'src/service.ts': SERVICE });
  afterAll(() => created.cleanup());

  it('--format anthropic sends @Tool({ strict: true }) tools projected; --strict turns on the rest, and says which cannot', async () => {
    const plain = await runCli(['show', '--format', 'anthropic'], created.root);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    const tools = JSON.parse(plain.stdout) as Definition[];
    expect(tools.map((t) => [t.name, t.strict ?? false])).toEqual([
      ['find_orders', true],
      ['add_tree', false],
    ]);
    expect(strictSubsetProblems(tools[0].input_schema, 'anthropic')).toEqual([]);

    const strict = await runCli(['show', '--format', 'anthropic', '--strict'], created.root);
    expect(strict.code).toBe(0);
    expect(strict.stderr).toBe(
      'toolwright show: tool "add_tree" is sent without strict to Anthropic: sub[]: recursive type "Category" (strict tools cannot refer back to an enclosing type)\n',
    );
    expect((JSON.parse(strict.stdout) as Definition[]).map((t) => t.strict ?? false)).toEqual([
      true,
      false,
    ]);
  });

  it('--format openai --strict: every property required, the optional one nullable; recursion is fine there', async () => {
    const run = await runCli(['show', '--format', 'openai', '--strict'], created.root);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const tools = JSON.parse(run.stdout) as {
      function: { strict?: boolean; parameters: Record<string, unknown> };
    }[];
    expect(tools.map((t) => t.function.strict)).toEqual([true, true]);
    expect(tools[0].function.parameters).toMatchObject({
      properties: { query: { type: 'string' }, limit: { type: ['number', 'null'] } },
      required: ['query', 'limit'],
    });
    for (const tool of tools)
      expect(strictSubsetProblems(tool.function.parameters, 'openai')).toEqual([]);
  });

  it('--strict with a format that has no strict tool use is a usage error, not ignored', async () => {
    for (const format of ['xml', 'manifest']) {
      const run = await runCli(['show', '--format', format, '--strict'], created.root);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`--strict does not apply to --format ${format}`);
    }
  });
});
