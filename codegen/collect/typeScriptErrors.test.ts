/**
 * Codegen does not describe broken code: TypeScript's errors in the tool files and the files of
 * the types they use are TW113 errors with tsc's own words; an explicit `any` stays a warning;
 * files the tools do not use are not checked, nor method bodies no schema is read from. Also TW107:
 * one registry holds every class's tools, so one name in two classes is an error too.
 */
import { generate } from '../__fixtures__/inlineProject';

const HEAD = `import { Tool, Param, Params } from 'toolwright';\n`;

const located = (result: ReturnType<typeof generate>) =>
  result.diagnostics.map(
    (d) =>
      `${d.file.replace('/project/', '')}:${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`,
  );

describe('TypeScript errors in the files codegen reads', () => {
  it('an unresolved parameter type is an error in tsc words, reported once (no any warning)', () => {
    const result = generate({
      'src/service.ts': `${HEAD}export class S {
  /** Quotes. */
  @Tool()
  quote(@Param() symbol: MissingType) { return symbol; }
}
`,
    });
    expect(located(result)).toEqual([
      "src/service.ts:5:26 error TW113: TypeScript error TS2304: Cannot find name 'MissingType'. (codegen cannot describe code that does not compile)",
    ]);
  });

  it('a syntax error in a parameter type is an error', () => {
    const result = generate({
      'src/service.ts': `${HEAD}export class S {
  /** Quotes. */
  @Tool()
  quote(@Param() symbol: { a: string; b: }) { return symbol; }
}
`,
    });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'TW113',
        line: 5,
        column: 42,
        message: expect.stringMatching(/^TypeScript error TS1110: Type expected\./),
      }),
    ]);
  });

  it("an error in a DTO's file counts once, however many tool files use it", () => {
    const dto = `export class Order {\n  sku!: string;\n  item!: NoSuchItem;\n}\n`;
    const tool = (name: string) => `${HEAD}import { Order } from './order';
export class ${name} {
  /** Orders. */
  @Tool({ name: '${name.toLowerCase()}' })
  place(@Params() order: Order) { return order; }
}
`;
    const result = generate({ 'src/order.ts': dto, 'src/a.ts': tool('A'), 'src/b.ts': tool('B') });
    expect(located(result).filter((line) => line.includes('TW113'))).toEqual([
      "src/order.ts:3:10 error TW113: TypeScript error TS2304: Cannot find name 'NoSuchItem'. (codegen cannot describe code that does not compile)",
    ]);
  });

  it('leaves files the tools do not use alone, and an explicit any is only a warning', () => {
    const result = generate({
      'src/unrelated.ts': `export const broken: number = 'not a number';\n`,
      'src/service.ts': `${HEAD}export class S {
  /** Echoes. */
  @Tool()
  echo(@Param() value: any) { return value; }
}
`,
    });
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['warning TW201']);
  });
});

describe('what codegen type-checks', () => {
  it('what a schema reads is checked wherever it is: imports, base classes, return types, defaults', () => {
    const result = generate({
      'src/order.ts': `export class Order extends MissingBase {\n  sku!: string;\n}\n`,
      'src/result.ts': `export interface Receipt {\n  id: MissingId;\n}\n`,
      'src/service.ts': `${HEAD}import type { Order } from './order';
import type { Receipt } from './result';
import type { Unknown } from './nowhere';
export class S {
  /** Orders. */
  @Tool()
  async place(@Params() order: Order, @Param() note?: Unknown, @Param() copies = DEFAULT_COPIES): Promise<Receipt> {
    return { id: order.sku + note + copies } as any;
  }
}
`,
    });
    expect(located(result).filter((line) => line.includes('TW113'))).toEqual([
      "src/order.ts:1:28 error TW113: TypeScript error TS2304: Cannot find name 'MissingBase'. (codegen cannot describe code that does not compile)",
      "src/result.ts:2:7 error TW113: TypeScript error TS2304: Cannot find name 'MissingId'. (codegen cannot describe code that does not compile)",
      "src/service.ts:4:30 error TW113: TypeScript error TS2307: Cannot find module './nowhere' or its corresponding type declarations. (codegen cannot describe code that does not compile)",
      "src/service.ts:8:82 error TW113: TypeScript error TS2304: Cannot find name 'DEFAULT_COPIES'. (codegen cannot describe code that does not compile)",
    ]);
  });

  it('leaves method bodies to tsc, unless the return type is inferred from the body', () => {
    const result = generate({
      'src/order.ts': `export class Order {\n  sku!: string;\n  total(): number { const n: number = 'x'; return n; }\n}\n`,
      'src/service.ts': `${HEAD}import { Order } from './order';
export class S {
  /** Declared. */
  @Tool()
  declared(@Params() order: Order): string { const n: number = 'x'; return order.sku + n; }
  /** Inferred. */
  @Tool()
  inferred(@Param() sku: string) { return lookup(sku); }
}
function helper(): number { return 'not a number'; }
`,
    });
    expect(located(result)).toEqual([
      "src/service.ts:9:43 error TW113: TypeScript error TS2304: Cannot find name 'lookup'. (codegen cannot describe code that does not compile)",
    ]);
  });
});

describe('syntax errors inside method bodies', () => {
  it('are left to tsc where the signature states the type, and errors where the body is the type', () => {
    const result = generate({
      'src/service.ts': `${HEAD}export class S {
  constructor() { const = 1; }
  /** Declared. */
  @Tool()
  declared(@Param() sku: string): string { return sku +; }
  /** Inferred. */
  @Tool()
  inferred(@Param() sku: string) { return sku +; }
}
`,
    });
    expect(located(result)).toEqual([
      'src/service.ts:9:48 error TW113: TypeScript error TS1109: Expression expected. (codegen cannot describe code that does not compile)',
    ]);
  });
});

describe('defaults beside a type annotation', () => {
  it('a default of the wrong type is an error in tsc words, on parameters and DTO properties alike', () => {
    const result = generate({
      'src/order.ts': `export class Order {\n  sku!: string;\n  copies: number = 'two';\n  kind: 'a' | 'b' = 'c';\n  size: 'S' | 'M' = 'M';\n}\n`,
      'src/service.ts': `${HEAD}import { Order } from './order';
export class S {
  /** Orders. */
  @Tool()
  place(@Params() order: Order): string { return order.sku; }
  /** Quotes. */
  @Tool()
  quote(@Param() mode: 'fast' | 'slow' = 'medium', @Param() limit: number = -1, @Param() strict: boolean = 0, @Param() note: string | null = null): string { return mode; }
  /** Counts. */
  @Tool()
  count(@Param() from: { a: number } = { a: 1, extra: 2 }, @Param() to: number = NOPE): number { return from.a; }
}
`,
    });
    expect(located(result).filter((line) => line.includes('TW113'))).toEqual([
      "src/order.ts:3:3 error TW113: TypeScript error TS2322: Type 'string' is not assignable to type 'number'. (codegen cannot describe code that does not compile)",
      `src/order.ts:4:3 error TW113: TypeScript error TS2322: Type '"c"' is not assignable to type '"a" | "b"'. (codegen cannot describe code that does not compile)`,
      `src/service.ts:9:9 error TW113: TypeScript error TS2322: Type '"medium"' is not assignable to type '"fast" | "slow"'. (codegen cannot describe code that does not compile)`,
      "src/service.ts:9:81 error TW113: TypeScript error TS2322: Type 'number' is not assignable to type 'boolean'. (codegen cannot describe code that does not compile)",
      "src/service.ts:12:48 error TW113: TypeScript error TS2353: Object literal may only specify known properties, and 'extra' does not exist in type '{ a: number; }'. (codegen cannot describe code that does not compile)",
      "src/service.ts:12:82 error TW113: TypeScript error TS2304: Cannot find name 'NOPE'. (codegen cannot describe code that does not compile)",
    ]);
  });
});

describe('the same tool name twice (TW107)', () => {
  it('in two classes is an error at the second, naming the first; the manifest keeps the first', () => {
    const service = (name: string) => `${HEAD}export class ${name} {
  /** Searches. */
  @Tool()
  search(@Param() q: string) { return q; }
}
`;
    const result = generate({ 'src/a.ts': service('A'), 'src/b.ts': service('B') });
    expect(located(result)).toEqual([
      'src/b.ts:5:3 error TW107: tool name "search" is declared twice: src/a.ts:5 (A.search) and src/b.ts:5 (B.search); one registry cannot hold both, so rename one with @Tool({ name })',
    ]);
    expect(result.manifest.tools.map((t) => `${t.target.class}.${t.name}`)).toEqual(['A.search']);
  });
});
