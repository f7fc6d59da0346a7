/** Output schemas from return types: what lands in the manifest, and what is left out. */
import { generateOne } from '../__fixtures__/inlineProject';

/** The output schema of each tool of `body` (a class body), by tool name. */
function outputsOf(body: string) {
  const result = generateOne(`export class S {\n${body}\n}\n`);
  return {
    outputs: Object.fromEntries(result.manifest.tools.map((t) => [t.name, t.outputSchema])),
    diagnostics: result.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`),
  };
}

describe('output schemas from return types', () => {
  it('unwraps Promise<T>, keeps @returns as the description and gives the output its own $defs', () => {
    const { outputs, diagnostics } = outputsOf(`
  /**
   * Finds a folder.
   * @returns The folder and its children.
   */
  @Tool()
  async find(@Param() id: string): Promise<Folder> { return { id, children: [] }; }
}
interface Folder { id: string; children: Folder[] }
class Unused {`);
    expect(diagnostics).toEqual([]);
    expect(outputs.find).toEqual({
      $ref: '#/$defs/Folder',
      $defs: {
        Folder: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Folder' } },
          },
          required: ['id', 'children'],
          additionalProperties: false,
        },
      },
    });
  });

  it('describes primitives, arrays and nullable results as their types say', () => {
    const { outputs } = outputsOf(`
  /** A. @returns The sum. */
  @Tool() sum(@Param() a: number): number { return a; }
  /** B. */
  @Tool() names(): Promise<string[]> { return Promise.resolve([]); }
  /** C. */
  @Tool() maybe(): { id: string } | null { return null; }`);
    expect(outputs.sum).toEqual({ type: 'number', description: 'The sum.' });
    expect(outputs.names).toEqual({ type: 'array', items: { type: 'string' } });
    expect(outputs.maybe).toEqual({
      type: ['object', 'null'],
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    });
  });

  it('gives void, Promise<void>, any and content-block results no output schema', () => {
    const { outputs, diagnostics } = outputsOf(`
  /** A. */
  @Tool() a(): void {}
  /** B. */
  @Tool() async b(): Promise<void> {}
  /** C. */
  @Tool() c(): any { return 1; }
  /** D. */
  @Tool() d(): ToolContentResult { return { blocks: [] }; }
}
interface ToolContentResult { blocks: unknown[] }
class Unused {`);
    expect(outputs).toEqual({ a: undefined, b: undefined, c: undefined, d: undefined });
    expect(diagnostics).toEqual([]);
  });

  it('warns (TW207) about a declared return type JSON cannot carry, and leaves it out', () => {
    const { outputs, diagnostics } = outputsOf(`
  /** A. */
  @Tool() counts(): Map<string, number> { return new Map(); }`);
    expect(outputs.counts).toBeUndefined();
    expect(diagnostics).toEqual([
      'warning TW207: S.counts: its return type cannot be described as JSON (Map<string, number> cannot be sent as JSON; use Record<string, V> or an array of [key, value] pairs); the tool has no output schema',
    ]);
  });

  it("advertises what class-transformer sends: no @Exclude() member, a class's @Expose()d ones, exposed getters", () => {
    const result = generateOne(`import { Exclude, Expose } from 'class-transformer';
export class S {
  /** A. */
  @Tool() user(): User { return new User(); }
  /** B. */
  @Tool() card(): Promise<Card[]> { return Promise.resolve([]); }
}
export class User {
  id = '';
  @Exclude() passwordHash = '';
  @Exclude({ toClassOnly: true }) email = '';
  @Expose({ groups: ['admin'] }) notes = '';
  private secret = '';
  get shouted(): string { return this.id; }
  @Expose() get initials(): string { return this.id; }
}
@Exclude()
export class Card {
  @Expose() id = '';
  @Expose({ name: 'label' }) title = '';
  internalCost = 0;
}`);
    expect(result.diagnostics).toEqual([]);
    const outputs = Object.fromEntries(result.manifest.tools.map((t) => [t.name, t.outputSchema]));
    expect(outputs.user).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        email: { type: 'string' },
        initials: { type: 'string' },
      },
      required: ['id', 'email', 'initials'],
      additionalProperties: false,
    });
    expect(outputs.card).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, label: { type: 'string' } },
        required: ['id', 'label'],
        additionalProperties: false,
      },
    });
  });
});
