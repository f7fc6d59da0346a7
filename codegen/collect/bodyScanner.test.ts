/**
 * The body scanner against TypeScript's own parser: on tricky member syntax (strings, template
 * literals, regular expressions and comments holding braces; object types in return types;
 * accessors, overloads, decorators, initializers written without semicolons) and on every
 * TypeScript source of this repository and of two packages that ship theirs, it finds exactly
 * the bodies the parser finds, or nothing when it cannot follow the file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ts } from '../typescript';
import { findBodies } from './bodyScanner';
import { unreadBodies } from './unreadBodies';

/** The bodies TypeScript's parse of `text` has where the scanner must find them. */
const parsedBodies = (text: string): string[] =>
  unreadBodies(ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022)).map(
    ({ open, close }) => `${open}-${close}`,
  );

const found = (text: string): string[] =>
  findBodies(text).map(({ open, close }) => `${open}-${close}`);

/** The text of each body found, to read a failure at a glance. */
const bodyTexts = (text: string): string[] =>
  findBodies(text).map(({ open, close }) => text.slice(open, close + 1));

describe('findBodies', () => {
  const cases: Record<string, [source: string, bodies: number]> = {
    'braces in strings and comments': [
      `export class A {
  m(): string { return '}' + "{" + '\\'}'; } // }
  /** { */ n(): void { /* } */ }
}`,
      2,
    ],
    'template literals, nested, with braces in their text and their parts': [
      'class A {\n  m(): string { return `}${ {a: 1}.a + `${"}"}{` }{`; }\n  n(): void {}\n}',
      2,
    ],
    'regular expressions holding braces, after return, (, = and ,': [
      `class A {
  m(s: string): boolean { return /[{}]/.test(s) && (/\\}/).test(s); }
  n(s: string): RegExp[] { const r = /{/g, q = /}/; return [r, q]; }
  o(a: number, b: number): number { return (a) / b / 2; }
}`,
      3,
    ],
    'comments and regular expressions holding quotes and backticks, divisions after ) and ]': [
      `class A {
  m(): void { // it's a \`quote
    /* don't \` */ const r = /[/'"\`]/; const d = (1) / 2 / 3; const e = a[0] / b / c;
  }
  n(): void {}
}`,
      2,
    ],
    'a division after a non-null assertion': [
      `class A {
  m(): number { return this.a! / (this.b ? 1 : 2) } // }
  n(): number { return !/x/.test(this.s) ? 1 : 0 }
}`,
      2,
    ],
    'object, function and predicate return types': [
      `class A {
  m(): { a: { b: number } } { return { a: { b: 1 } }; }
  n(): Promise<{ a: 1 }> { return null!; }
  o(x: unknown): x is { a: 1 } { return true; }
  p(): () => { a: 1 } { return () => ({ a: 1 }); }
  q<T extends { a: 1 } = { a: 1 }>(x: T): T[] { return [x]; }
  r(): Map<string, { a: 1 }> | { [k: string]: 1 } { return new Map(); }
}`,
      6,
    ],
    'constructors and setters always, getters and methods only with a return type': [
      `export default class A {
  constructor(private readonly x: number) { super(); }
  get a(): number { return this.x; }
  get b() { return this.x; }
  set b(value) { this.y = value; }
  static async c(): Promise<void> {}
  *d(): Generator<number> { yield 1; }
  e() { return 1; }
  #f(): void {}
  [Symbol.iterator](): Iterator<number> { return [][Symbol.iterator](); }
  get(): number { return 1; }
  set(v: number): void {}
}`,
      9,
    ],
    'overloads, abstract members, index signatures and static blocks': [
      `export abstract class A {
  [key: string]: unknown;
  declare d: string;
  m(a: string): void;
  m(a: number): void;
  m(a: unknown): void {}
  abstract n(): void
  abstract o(): number;
  static { A.ready = true; }
  p?(): void {}
}`,
      2,
    ],
    'decorators with object and function arguments, on members and parameters': [
      `@Injectable({ scope: '{' })
export class A {
  @Tool({ description: '}', examples: [{ a: 1 }] })
  m(@Param() q: string, @Inject(() => ({ x: '{' })) r: number): string { return q; }
  @ns.Deco<{ a: 1 }>() n(): void {}
}`,
      2,
    ],
    'initializers, with and without semicolons, across lines': [
      `class A {
  a = 1
  b = () => { return '}'; }
  c: number
  d = foo
    .bar()
  e = async ({ id }: { id: string }) =>
    this.run(async () => { return id; })
  f: Api.Thing =
    new Api.Thing(this.client)
  g = new Promise<
    Awaited<number>
  >(() => {})
  m(): number { return this.a; }
  n = class { k(): void {} }
  o(): void {}
}`,
      2,
    ],
    'classes after other statements, with heritage clauses holding types': [
      `import { x } from 'y';
const o = { a: 1 }
function f(): number { return 1; }
export class A<T = {}> extends B<{ a: 1 }> implements C, D<{ b: 2 }> { m(): void {} }
if (x) { class Hidden { m(): void {} } }
@Deco() class E { m(): void {} }
namespace N { export class F { m(): void {} } }
`,
      2,
    ],
  };

  for (const [name, [source, count]] of Object.entries(cases)) {
    it(`finds exactly the bodies TypeScript finds: ${name}`, () => {
      expect(bodyTexts(source)).toHaveLength(count);
      expect(found(source)).toEqual(parsedBodies(source));
    });
  }

  it('finds nothing in a file it cannot follow', () => {
    expect(findBodies('class A {\n  m(): string { return `unterminated; }\n}')).toEqual([]);
    expect(findBodies('class A {\n  m(): void { if (x) { }\n}')).toEqual([]);
    expect(findBodies('class A {\n  m(): void {}\n}}')).toEqual([]);
    expect(findBodies('/* unterminated\nclass A { m(): void {} }')).toEqual([]);
  });

  it('keeps positions in files with a #! line, CRLF line breaks and non-ASCII names', () => {
    const source =
      '#!/usr/bin/env node\r\nclass Café {\r\n  prix(): number { return 1; }\r\n  名前(): string { return "é"; }\r\n}\r\n';
    expect(found(source)).toEqual(parsedBodies(source));
    expect(bodyTexts(source)).toEqual(['{ return 1; }', '{ return "é"; }']);
  });
});

/** The `.ts` sources (not declarations) under `dir`, recursively. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '__snapshots__')
      out.push(...sources(path));
    else if (/(?<!\.d)\.ts$/.test(entry.name) && statSync(path).size < 2_000_000) out.push(path);
  }
  return out;
}

describe('findBodies on real code', () => {
  const root = join(__dirname, '..', '..');
  const folders = [
    'src',
    'codegen',
    'samples',
    'test',
    'bench',
    'node_modules/zod/src',
    'node_modules/@anthropic-ai/sdk/src',
  ];

  it('agrees with TypeScript on every file of this repository and of zod and the Anthropic SDK', () => {
    let withBodies = 0;
    const disagreements: string[] = [];
    for (const file of folders.flatMap((folder) => sources(join(root, folder)))) {
      const text = readFileSync(file, 'utf8');
      const expected = parsedBodies(text);
      if (expected.length) withBodies++;
      if (found(text).join() !== expected.join()) disagreements.push(file);
    }
    expect(disagreements).toEqual([]);
    expect(withBodies).toBeGreaterThan(200);
  });
});
