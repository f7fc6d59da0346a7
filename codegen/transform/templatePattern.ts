/**
 * Template literal types (`` `id-${string}` ``, `` `v${number}` ``) as the regular expression of
 * the strings they admit: the `pattern` of a string, and the key pattern of an index signature
 * (`patternProperties`).
 */
import { ts } from '../typescript';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

function placeholder(type: ts.Type): string {
  if (type.flags & ts.TypeFlags.Number) return NUMBER;
  if (type.flags & ts.TypeFlags.BigInt) return '-?\\d+';
  if (type.isStringLiteral()) return escape(type.value);
  if (type.isNumberLiteral()) return escape(String(type.value));
  if (type.flags & ts.TypeFlags.TemplateLiteral)
    return templateBody(type as ts.TemplateLiteralType);
  if (type.flags & ts.TypeFlags.Union)
    return `(?:${(type as ts.UnionType).types.map(placeholder).join('|')})`;
  return '.*';
}

function templateBody(type: ts.TemplateLiteralType): string {
  let out = escape(type.texts[0] ?? '');
  type.types.forEach((part, index) => {
    out += placeholder(part) + escape(type.texts[index + 1] ?? '');
  });
  return out;
}

/** The anchored pattern of a template literal (or string mapping) type, e.g. `^id-.*$`. */
export function templatePattern(type: ts.Type): string {
  if (type.flags & ts.TypeFlags.TemplateLiteral)
    return `^${templateBody(type as ts.TemplateLiteralType)}$`;
  return '^.*$';
}
