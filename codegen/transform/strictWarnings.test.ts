/** TW209: a tool asking for strict tool use whose schema cannot be made strict, named with the reason. */
import { generateOne } from '../__fixtures__/inlineProject';

const located = (result: ReturnType<typeof generateOne>) =>
  result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);

describe('strict tools at codegen', () => {
  it('a recursive strict tool is a warning for Claude (OpenAI takes recursion)', () => {
    const result = generateOne(`
class Category { name!: string; sub?: Category[] }
export class S {
  /** Adds a category tree. */
  @Tool({ strict: true })
  addTree(@Params() tree: Category) { return tree; }
}`);
    expect(located(result)).toEqual([
      '6:3 warning TW209: S.addTree: tool "add_tree" is sent without strict to Anthropic: sub[]: recursive type "Category" (strict tools cannot refer back to an enclosing type)',
    ]);
  });

  it('a record is a warning for both providers; a tool without strict is not checked', () => {
    const result = generateOne(`
export class S {
  /** Tags. */
  @Tool({ strict: true })
  tag(@Param() labels: Record<string, string>) { return labels; }

  /** Tags, not strict. */
  @Tool()
  loose(@Param() labels: Record<string, string>) { return labels; }
}`);
    expect(located(result)).toEqual([
      '5:3 warning TW209: S.tag: tool "tag" is sent without strict to Anthropic: labels: an object with free-form keys (a Record or index signature); strict tools need additionalProperties: false on every object',
      '5:3 warning TW209: S.tag: tool "tag" is sent without strict to OpenAI: labels: an object with free-form keys (a Record or index signature); strict tools need additionalProperties: false on every object',
    ]);
  });

  it('a strict tool callable from code is a warning for Claude, which takes no strict tool from code', () => {
    const result = generateOne(`
export class S {
  /** Totals. */
  @Tool({ strict: true, callableFromCode: true })
  total(@Param() region: string) { return 1; }
}`);
    expect(located(result)).toEqual([
      '5:3 warning TW209: S.total: tool "total" is sent without strict to Anthropic: it is called from code (callableFromCode), and the Messages API takes no strict tool from code',
    ]);
  });

  it('a strict tool with bounds, patterns and optional fields is no warning', () => {
    const result = generateOne(`
export class S {
  /**
   * Finds orders.
   * @param query Text to search, at most 40 characters.
   */
  @Tool({ strict: true })
  find(@Param() query: string, @Param() limit?: number) { return [query, limit]; }
}`);
    expect(located(result)).toEqual([]);
  });
});
