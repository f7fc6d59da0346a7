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

/**
 * Whether a source may hold a tag beyond those: a JSDoc tag is lower-case after `@` at a line's
 * start or after a space (a decorator is `@Upper`, an email has no space before `@`). A file
 * without one is not parsed at all.
 */
const EXTRA_TAG = /(?:^|[\s*])@(?!(?:param|returns?|throws|exception|example)\b)[a-z]/m;

/** Every method of a parsed file, by `name:line` (1-based line of its name). */
function methodsOf(file: ts.SourceFile): Map<string, ts.Node> {
  const methods = new Map<string, ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) {
      const line = file.getLineAndCharacterOfPosition(node.name.getStart(file)).line + 1;
      methods.set(`${node.name.text}:${line}`, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return methods;
}

/** Reads a manifest `target.file`: its text, or the file codegen's program already parsed. */
export type SourceReader = (file: string) => string | ts.SourceFile | undefined;

/** The extra tags of methods, each source file read (and parsed, if it must be) once. */
export class SourceTags {
  private readonly files = new Map<string, Map<string, ts.Node> | undefined>();

  constructor(private readonly read: SourceReader) {}

  /**
   * The texts of the method's extra tags (`keywords: chargeback, double charge`).
   * @example
   * new SourceTags(readSource).of('src/orders.ts', 'cancelOrder', 42);
   */
  of(file: string, method: string, line: number): string[] {
    if (!this.files.has(file)) {
      const source = this.read(file);
      const text = typeof source === 'string' ? source : source?.text;
      const parsed =
        source === undefined || text === undefined || !EXTRA_TAG.test(text)
          ? undefined
          : methodsOf(
              typeof source === 'string'
                ? ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
                : source,
            );
      this.files.set(file, parsed);
    }
    const node = this.files.get(file)?.get(`${method}:${line}`);
    if (!node) return [];
    return readJsDoc(node)
      .tags.filter((tag) => !IN_MANIFEST.has(tag.name))
      .map((tag) => `${tag.name} ${tag.text}`);
  }
}
