/**
 * Code-callable tools on the wire: `callableFromCode` becomes `allowed_callers` with the code
 * execution tool, strict is left off (the API refuses strict tools from code), and the return
 * type is said in the description of the tools code may call, and only of those, bounded.
 */
import type { JsonSchema } from '../../schema/JsonSchema';
import { hasLoneSurrogate } from '../../text/cutAtCodePoint';
import type { ToolDescriptor } from '../../manifest/types';
import { toAnthropicTool } from './toAnthropicTools';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { LedgerService } from '../../agent/__fixtures__/LedgerService';

const REPORT: JsonSchema = {
  type: 'object',
  properties: {
    employee: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          amount: { type: 'number' },
          category: { type: 'string', enum: ['travel', 'meals'] },
          note: { type: ['string', 'null'] },
        },
        required: ['amount', 'category'],
      },
    },
  },
  required: ['employee', 'lines'],
};

const tool = (extra: Partial<ToolDescriptor>): ToolDescriptor => ({
  name: 'get_expenses',
  description: 'Lists the expenses of an employee.',
  inputSchema: {
    type: 'object',
    properties: { employee: { type: 'string' } },
    required: ['employee'],
    additionalProperties: false,
  },
  outputSchema: REPORT,
  ...extra,
});

const REPORT_LINE =
  'Returns JSON: { employee: string; lines: Array<{ amount: number; category: "travel" | "meals"; note?: string | null }> }';

describe('code-callable tool definitions', () => {
  it('callableFromCode: allowed_callers names code execution, and the description says the return type', () => {
    const definition = toAnthropicTool(tool({ options: { callableFromCode: true } }));
    expect(definition.allowed_callers).toEqual(['code_execution_20260120']);
    expect(definition.description).toBe(`Lists the expenses of an employee.\n\n${REPORT_LINE}`);
  });

  it('register() without a manifest: allowed_callers from the decorator, no return type (no output schema, nor JSDoc)', () => {
    const registry = new ToolRegistry().register(new LedgerService());
    const byName = new Map(
      registry.toAnthropic().map((definition) => [definition.name, definition]),
    );
    expect(byName.get('get_expenses')).toMatchObject({
      allowed_callers: ['code_execution_20260120'],
      description: '',
    });
    expect(byName.get('notify')?.allowed_callers).toBeUndefined();
  });

  it('a tool code cannot call keeps its description as written', () => {
    const definition = toAnthropicTool(tool({}));
    expect(definition.allowed_callers).toBeUndefined();
    expect(definition.description).toBe('Lists the expenses of an employee.');
  });

  it('allowed_callers written in `anthropic` is kept, and its tool is described as code-callable', () => {
    const callers = ['direct', 'code_execution_20260120'];
    const definition = toAnthropicTool(
      tool({ options: { anthropic: { allowed_callers: callers } } }),
    );
    expect(definition.allowed_callers).toEqual(callers);
    expect(definition.description).toContain(REPORT_LINE);
  });

  it('a string result is said to be plain text; no output schema, nothing is added', () => {
    const text = toAnthropicTool(
      tool({ options: { callableFromCode: true }, outputSchema: { type: 'string' } }),
    );
    expect(text.description).toBe(
      'Lists the expenses of an employee.\n\nReturns plain text (a string).',
    );
    const untyped = toAnthropicTool(
      tool({ options: { callableFromCode: true }, outputSchema: undefined }),
    );
    expect(untyped.description).toBe('Lists the expenses of an employee.');
  });

  it('a strict tool callable from code goes without strict, with its own schema', () => {
    const own = tool({});
    const definition = toAnthropicTool(tool({ options: { callableFromCode: true, strict: true } }));
    expect(definition.strict).toBeUndefined();
    expect(definition.input_schema).toEqual(own.inputSchema);
  });

  it('a recursive type is named where it recurs', () => {
    const outputSchema: JsonSchema = {
      $ref: '#/$defs/Node',
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
          required: ['name', 'children'],
        },
      },
    };
    const definition = toAnthropicTool(tool({ options: { callableFromCode: true }, outputSchema }));
    expect(definition.description).toContain('Returns JSON: { name: string; children: Node[] }');
  });

  it('a long return type is cut at 600 characters, never inside a character', () => {
    // `{ ab?: "` is 8 units, then pairs: unit 599 (the cut, '…' counted) is a pair's low half.
    const outputSchema: JsonSchema = {
      type: 'object',
      properties: { ab: { const: '😀'.repeat(400) } },
    };
    const description = toAnthropicTool(tool({ options: { callableFromCode: true }, outputSchema }))
      .description as string;
    const line = description.split('\n\n')[1];
    expect(line.startsWith('Returns JSON: { ab?: "😀😀')).toBe(true);
    expect(line.length).toBe('Returns JSON: '.length + 599);
    expect(line.endsWith('…')).toBe(true);
    expect(hasLoneSurrogate(line)).toBe(false);
  });
});
