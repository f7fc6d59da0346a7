/**
 * What a cold run parses: a service file without the bodies no schema reads, every position
 * still the file's own; the file as it is when TypeScript's parse of the blanked text would
 * disagree (a syntax error outside the bodies), and for declarations and TSX.
 */
import { ts } from '../typescript';
import { parseWithoutBodies } from './parseWithoutBodies';

const SERVICE = `import { Tool, Param } from 'toolwright';
export class Shop {
  constructor(private readonly prices: Map<string, number>) {
    this.prices.set('{', 1);
  }

  /** Declared: the body is not read. */
  @Tool()
  price(@Param() sku: string): number {
    const found = this.prices.get(sku);
    return found ?? /}/.exec(sku)!.length;
  }

  /** Inferred: the body is the return type. */
  @Tool()
  label(@Param() sku: string) {
    return \`\${sku}: \${this.price(sku)}\`;
  }
}

export function helper(): number {
  return 1;
}
`;

const ES2022 = ts.ScriptTarget.ES2022;

/** The statements of each body in `file`'s first class, then of its top-level function. */
function bodySizes(file: ts.SourceFile): number[] {
  const [, shop, helper] = file.statements as unknown as [
    unknown,
    ts.ClassDeclaration,
    ts.FunctionDeclaration,
  ];
  const members = shop.members.filter((member) => (member as ts.FunctionLikeDeclaration).body);
  return [
    ...members.map((member) => (member as ts.FunctionLikeDeclaration).body!),
    helper.body!,
  ].map((body) => (body as ts.Block).statements.length);
}

const lineStarts = (file: ts.SourceFile): readonly number[] => file.getLineStarts();

describe('parseWithoutBodies', () => {
  it('leaves out the constructor and the declared method, keeps the inferred one and functions', () => {
    const file = parseWithoutBodies('/p/src/shop.ts', SERVICE, ES2022);
    expect(bodySizes(file)).toEqual([0, 0, 1, 1]);
    expect(bodySizes(ts.createSourceFile('/p/src/shop.ts', SERVICE, ES2022))).toEqual([1, 2, 1, 1]);
  });

  it('keeps every position: the text has the same length and lines, and the rest is untouched', () => {
    const file = parseWithoutBodies('/p/src/shop.ts', SERVICE.replace(/\n/g, '\r\n'), ES2022);
    const plain = ts.createSourceFile('/p/src/shop.ts', SERVICE.replace(/\n/g, '\r\n'), ES2022);
    expect(file.text).not.toBe(plain.text);
    expect(file.text).toHaveLength(plain.text.length);
    expect(lineStarts(file)).toEqual(lineStarts(plain));
    const label = (source: ts.SourceFile) =>
      source.text.slice(
        source.text.indexOf('/** Inferred'),
        source.text.indexOf('export function'),
      );
    expect(label(file)).toBe(label(plain));
  });

  it('parses the file as it is when a syntax error lies outside the bodies', () => {
    const broken = SERVICE.replace('private readonly prices', 'private readonly prices:');
    const file = parseWithoutBodies('/p/src/shop.ts', broken, ES2022);
    expect(file.text).toBe(broken);
    const errors = (source: ts.SourceFile) =>
      (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map(
        (diagnostic) => [diagnostic.start, diagnostic.code],
      );
    expect(errors(file)).toEqual(errors(ts.createSourceFile('/p/src/shop.ts', broken, ES2022)));
    expect(errors(file).length).toBeGreaterThan(0);
  });

  it('leaves a syntax error inside a body it leaves out to tsc', () => {
    const broken = SERVICE.replace('const found =', 'const =');
    expect(parseWithoutBodies('/p/src/shop.ts', broken, ES2022).text).not.toBe(broken);
  });

  it('parses declarations, TSX and JavaScript as they are', () => {
    for (const name of ['/p/shop.d.ts', '/p/shop.tsx', '/p/shop.js', '/p/shop.d.mts']) {
      expect(parseWithoutBodies(name, SERVICE, ES2022).text).toBe(SERVICE);
    }
    for (const name of ['/p/shop.mts', '/p/shop.cts']) {
      expect(parseWithoutBodies(name, SERVICE, ES2022).text).not.toBe(SERVICE);
    }
  });
});
