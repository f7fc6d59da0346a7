/**
 * A forgiving parser for the small XML fragments a model writes inside `<parameters>`:
 * elements, text, entities, CDATA. It never throws: a stray `<` is text, a closing tag that
 * matches no open element is text, a closing tag of an ancestor closes the elements in
 * between, and whatever is still open at the end is closed there (and marked unclosed).
 */
import { unescapeXml } from './escapeXml';

/** An element as written, with its raw inner source for string values that carry markup. */
export interface XmlElement {
  kind: 'element';
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The source between the opening and the closing tag, entities not yet decoded. */
  inner: string;
  /** False when the fragment ended, or an ancestor closed, before this element's closing tag. */
  closed: boolean;
}

/** A run of text: `raw` is as written (entities undecoded) unless `cdata`, which is literal. */
export interface XmlText {
  kind: 'text';
  raw: string;
  cdata?: boolean;
}

/** A node of a parsed fragment. */
export type XmlNode = XmlElement | XmlText;

const TAG =
  /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/<>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s<>"']+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/<>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s<>"']+)))?/g;
const CDATA_START = '<![CDATA[';

interface Open {
  element: XmlElement;
  innerStart: number;
}

/** Parses a fragment into nodes; never throws. */
export function parseXmlFragment(source: string): XmlNode[] {
  const root: XmlNode[] = [];
  const stack: Open[] = [];
  const openCount = new Map<string, number>();
  const push = (open: Open): void => {
    stack.push(open);
    openCount.set(open.element.name, (openCount.get(open.element.name) ?? 0) + 1);
  };
  const pop = (end: number, closed: boolean): void => {
    const open = stack.pop() as Open;
    openCount.set(open.element.name, (openCount.get(open.element.name) ?? 1) - 1);
    finish(open, source, end, closed);
  };
  const childrenOf = (): XmlNode[] =>
    stack.length ? stack[stack.length - 1].element.children : root;
  let textStart = 0;
  let position = 0;
  const flushText = (end: number): void => {
    if (end > textStart) childrenOf().push({ kind: 'text', raw: source.slice(textStart, end) });
  };

  while (position < source.length) {
    const lt = source.indexOf('<', position);
    if (lt < 0) break;
    if (source.startsWith(CDATA_START, lt)) {
      const end = source.indexOf(']]>', lt + CDATA_START.length);
      flushText(lt);
      const stop = end < 0 ? source.length : end;
      childrenOf().push({
        kind: 'text',
        raw: source.slice(lt + CDATA_START.length, stop),
        cdata: true,
      });
      position = textStart = end < 0 ? source.length : end + 3;
      continue;
    }
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      flushText(lt);
      position = textStart = end < 0 ? source.length : end + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(source);
    if (!match) {
      position = lt + 1;
      continue;
    }
    const [whole, slash, name, attributeText, selfClosing] = match;
    const after = lt + whole.length;
    if (slash) {
      const depth = openCount.get(name) ? findOpen(stack, name) : -1;
      if (depth < 0) {
        position = after;
        continue;
      }
      flushText(lt);
      while (stack.length > depth + 1) pop(lt, false);
      pop(lt, true);
    } else {
      flushText(lt);
      const element: XmlElement = {
        kind: 'element',
        name,
        attributes: parseAttributes(attributeText),
        children: [],
        inner: '',
        closed: Boolean(selfClosing),
      };
      childrenOf().push(element);
      if (!selfClosing) push({ element, innerStart: after });
    }
    position = textStart = after;
  }
  flushText(source.length);
  while (stack.length) pop(source.length, false);
  return root;
}

function findOpen(stack: Open[], name: string): number {
  for (let index = stack.length - 1; index >= 0; index--) {
    if (stack[index].element.name === name) return index;
  }
  return -1;
}

function finish(open: Open, source: string, end: number, closed: boolean): void {
  open.element.inner = source.slice(open.innerStart, end);
  open.element.closed = closed;
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null);
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes[match[1]] = unescapeXml(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The child elements of an element, text left out. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((node): node is XmlElement => node.kind === 'element');
}

/** Decoded text of text nodes (entities resolved, CDATA literal), elements left out. */
export function textOf(nodes: readonly XmlNode[]): string {
  return nodes
    .map((node) => (node.kind === 'text' ? (node.cdata ? node.raw : unescapeXml(node.raw)) : ''))
    .join('');
}

/**
 * The element's value as a string: its decoded text, or, when it holds markup, its inner
 * source with entities decoded (so `<note>see <b>this</b></note>` keeps the `<b>`).
 */
export function stringValueOf(element: XmlElement): string {
  return childElements(element).length ? unescapeXml(element.inner) : textOf(element.children);
}
