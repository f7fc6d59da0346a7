/**
 * XML text escaping for the legacy prompt format. Everything a tool returns and every error
 * text goes through `escapeXml` before it is placed between tags, so no output can close or
 * forge a tag; `unescapeXml` decodes what the model writes. The two round-trip exactly.
 */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;

/** Escapes `&`, `<` and `>` so the text can sit between tags and never be read as markup. */
export function escapeXml(text: string): string {
  return String(text).replace(/[&<>]/g, (char) => ESCAPES[char] ?? char);
}

/** Decodes the five named XML entities and numeric character references in one pass; anything else stays as written. */
export function unescapeXml(text: string): string {
  return String(text).replace(ENTITY, (entity, decimal?: string, hex?: string, named?: string) => {
    if (named) return NAMED_ENTITIES[named] ?? entity;
    const codePoint = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}
