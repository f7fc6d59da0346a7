/**
 * Web engines answer snippets as HTML (`<strong>`, `<span class="searchmatch">`, entities):
 * this turns them into the plain text the model reads.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** The text of an HTML snippet: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return String(html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (entity, name: string) => {
      if (ENTITIES[name] !== undefined) return ENTITIES[name];
      const code = /^#(\d+)$/.exec(name)?.[1];
      return code ? String.fromCodePoint(Number(code)) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
