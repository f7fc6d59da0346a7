/**
 * The JSDoc tags a tool's search index adds to its manifest entry: the ones the description and
 * the schema do not already say (`@remarks`, `@see`, `@keywords` synonyms, `@category`, any
 * tag of the team's own), read from the method's source. `@param`, `@returns`, `@throws` and
 * `@example` are left out: the manifest holds them. A parse only, no type-check.
 */
import { readJsDoc } from '../collect/readJsDoc';
import { ts } from '../typescript';

/** Tags whose text the manifest already carries (description, parameters, examples). */
const IN_MANIFEST = new Set(['param', 'returns', 'return', 'throws', 'exception', 'example']);

/** The method `name` declared on `line` (1-based) of a parsed file, if any. */
function findMethod(file: ts.SourceFile, name: string, line: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isMethodDeclaration(node) && node.name.getText(file) === name) {
      const at = file.getLineAndCharacterOfPosition(node.name.getStart(file)).line + 1;
      if (at === line) found = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A parser of source files, each parsed once. */
export class SourceTags {
  private readonly files = new Map<string, ts.SourceFile | undefined>();

  constructor(private readonly read: (file: string) => string | undefined) {}

  /**
   * The texts of the method's extra tags (`keywords: chargeback, double charge`).
   * @example
   * new SourceTags(readSource).of('src/orders.ts', 'cancelOrder', 42);
   */
  of(file: string, method: string, line: number): string[] {
    if (!this.files.has(file)) {
      const text = this.read(file);
      this.files.set(
        file,
        text === undefined
          ? undefined
          : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
      );
    }
    const source = this.files.get(file);
    const node = source && findMethod(source, method, line);
    if (!node) return [];
    return readJsDoc(node)
      .tags.filter((tag) => !IN_MANIFEST.has(tag.name))
      .map((tag) => `${tag.name} ${tag.text}`);
  }
}
