/**
 * The relative links of a Markdown page that lead nowhere: a file that does not exist, or a
 * `#anchor` that is no heading's slug on the page it points to (slugs as GitHub makes them).
 * Used by readme.e2e.test.ts on README.md and the guides in docs/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * A heading's anchor as GitHub makes it: lower case, the link syntax and punctuation taken out
 * (letters, marks, digits, `_`, `-` and spaces stay), spaces turned into `-`.
 */
export const slug = (heading: string): string =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a page's headings (a repeated heading gets `-1`, `-2`… as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of prose.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    anchors.add(count ? `${base}-${count}` : base);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** The link targets in a page's prose (code blocks and inline code left out). */
const targetsOf = (markdown: string): string[] =>
  [
    ...markdown
      .replace(/^```[\s\S]*?^```/gm, '')
      .replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code))
      .matchAll(/\]\(([^)\s]+)\)/g),
  ].map((match) => match[1]);

/**
 * What is wrong with the relative links of `page` (a path from `root`), each as
 * `target: problem`; external links (`https:`, `mailto:`…) are not followed.
 */
export function brokenLinks(root: string, page: string, markdown: string): string[] {
  return targetsOf(markdown).flatMap((target) => {
    if (/^[a-z][\w+.-]*:/i.test(target)) return [];
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const file = path ? normalize(join(dirname(join(root, page)), path)) : join(root, page);
    if (!existsSync(file)) return [`${target}: no such file`];
    if (anchor === undefined) return [];
    if (statSync(file).isDirectory()) return [`${target}: an anchor on a folder`];
    const text = path ? readFileSync(file, 'utf8') : markdown;
    return anchorsOf(text).has(anchor) ? [] : [`${target}: no heading with this anchor`];
  });
}
