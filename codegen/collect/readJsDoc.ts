/**
 * Reads the JSDoc of a declaration into plain data: the summary text and the tags in source
 * order. Both the tool (method) and its properties read their documentation through here.
 */
import { ts } from '../typescript';
import { attachJsDoc, attachSymbolJsDoc } from './attachJsDoc';

/** One JSDoc tag: `@throws {NotFound} when ...` is `{ name: 'throws', type: 'NotFound', text: 'when ...' }`. */
export interface JsDocTag {
  name: string;
  /** For `@param`: the parameter name. */
  parameter?: string;
  /** A `{type}` expression, when the tag has one. */
  type?: string;
  text: string;
  /** The tag in source, to report a problem at its line. */
  node?: ts.JSDocTag;
}

/** The documentation of one declaration. */
export interface JsDoc {
  summary: string;
  tags: JsDocTag[];
}

const EMPTY: JsDoc = { summary: '', tags: [] };

/** Collapses the comment's line structure: trims each line, keeps paragraph breaks. */
export function normalizeDocText(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A decorator named in prose at the start of a line (`Validated with\n * @IsString.`), which
 * JSDoc reads as a tag: JSDoc tags are lower-case (`@param`, `@minimum`), decorators are not.
 */
const isProse = (tag: JsDocTag): boolean => /^[A-Z][A-Za-z0-9]*$/.test(tag.name);

/** The tag's words as written: `@IsString. Never empty.` */
const proseOf = (tag: JsDocTag): string =>
  `@${tag.name}${/^[.,;:!?)]/.test(tag.text) || !tag.text ? '' : ' '}${tag.text}`;

/** `doc` with each decorator named in prose put back into the text it cut (the summary or a tag's). */
function foldProse(doc: JsDoc): JsDoc {
  if (!doc.tags.some(isProse)) return doc;
  let summary = doc.summary;
  const tags: JsDocTag[] = [];
  for (const tag of doc.tags) {
    if (!isProse(tag)) tags.push(tag);
    else if (tags.length === 0) summary = [summary, proseOf(tag)].filter(Boolean).join('\n');
    else {
      const previous = tags[tags.length - 1]!;
      tags[tags.length - 1] = { ...previous, text: `${previous.text}\n${proseOf(tag)}` };
    }
  }
  return { summary, tags };
}

/** The JSDoc closest to `node` (the last block before it), or an empty one. */
export function readJsDoc(node: ts.Node): JsDoc {
  attachJsDoc(node.getSourceFile());
  const blocks = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const block = blocks[blocks.length - 1];
  if (!block) return EMPTY;
  return foldProse({
    summary: normalizeDocText(ts.getTextOfJSDocComment(block.comment)),
    tags: (block.tags ?? []).map(readTag),
  });
}

function readTag(tag: ts.JSDocTag): JsDocTag {
  const text = normalizeDocText(ts.getTextOfJSDocComment(tag.comment)).replace(/^-\s+/, '');
  const out: JsDocTag = { name: tag.tagName.text, text, node: tag };
  if (ts.isJSDocParameterTag(tag)) out.parameter = tag.name.getText();
  const typeExpression = (tag as { typeExpression?: ts.JSDocTypeExpression }).typeExpression;
  if (typeExpression && ts.isJSDocTypeExpression(typeExpression)) {
    out.type = typeExpression.type.getText();
  }
  return out;
}

const symbolDocs = new WeakMap<ts.Symbol, JsDoc>();

/**
 * The JSDoc of a symbol (the property of an interface, class or mapped type, a type alias): the
 * summary as the checker merges it (inherited docs included), the tags from the declarations in
 * source (so a bad tag can be reported at its line), else as the checker merges them.
 */
export function readSymbolDoc(symbol: ts.Symbol, checker: ts.TypeChecker): JsDoc {
  const cached = symbolDocs.get(symbol);
  if (cached) return cached;
  attachSymbolJsDoc(symbol, checker);
  const summary = normalizeDocText(
    ts.displayPartsToString(symbol.getDocumentationComment(checker)),
  );
  const declared = (symbol.declarations ?? []).flatMap((declaration) => {
    const blocks = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
    return (blocks[blocks.length - 1]?.tags ?? []).map(readTag);
  });
  const tags = declared.length
    ? declared
    : symbol.getJsDocTags(checker).map((tag) => ({
        name: tag.name,
        text: normalizeDocText(ts.displayPartsToString(tag.text)),
      }));
  const doc = foldProse({ summary, tags });
  symbolDocs.set(symbol, doc);
  return doc;
}
