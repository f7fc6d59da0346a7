/**
 * The one rule for which bodies codegen never reads (and so never reports a syntax error in):
 * in the classes a file declares at its top level, constructors, setters, and methods and getters
 * whose signature states a return type; not a body a return type is inferred from, nor functions.
 */
import { ts } from '../typescript';
import { unreadBodies } from './unreadBodies';

const SOURCE = `export class Shop {
  constructor(private readonly prices: Map<string, number>) { this.prices.set('{', 1); }
  set discount(value: number) { this.d = value; }
  get total(): number { return 1; }
  get label() { return 'shop'; }
  price(sku: string): number { return this.prices.get(sku) ?? 0; }
  inferred(sku: string) { return { sku }; }
  declare?(): void;
}
export function helper(): number { return 1; }
const inner = class { method(): number { return 2; } };
`;

/** The text of each unread body. */
const unread = (text: string): string[] => {
  const file = ts.createSourceFile('shop.ts', text, ts.ScriptTarget.ES2022, true);
  return unreadBodies(file).map(({ open, close }) => text.slice(open, close + 1));
};

describe('unreadBodies', () => {
  it('lists constructors, setters and typed methods and getters of top-level classes, braces included', () => {
    expect(unread(SOURCE)).toEqual([
      "{ this.prices.set('{', 1); }",
      '{ this.d = value; }',
      '{ return 1; }',
      '{ return this.prices.get(sku) ?? 0; }',
    ]);
  });

  it('lists nothing in a file without classes, or of a class expression', () => {
    expect(unread('export function f(): number { return 1; }\n')).toEqual([]);
    expect(unread('export const C = class { m(): number { return 1; } };\n')).toEqual([]);
  });
});
