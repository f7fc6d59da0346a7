/**
 * The tool description from JSDoc: the summary, then what it returns and what it raises (the
 * legacy prompt format asks every description to say both). Plain text, one `Raises:` line
 * per `@throws`, so it renders the same in every wire format.
 */
import type { JsDoc } from '../collect/readJsDoc';

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** `summary\n\nReturns: text (type)\nRaises: Type text`, one `Raises:` line per `@throws`. */
export function composeDescription(doc: JsDoc): string {
  const lines: string[] = [];
  for (const tag of doc.tags) {
    const text = oneLine(tag.text);
    if (tag.name === 'returns' || tag.name === 'return') {
      const returns = text && tag.type ? `${text} (${tag.type})` : text || tag.type;
      if (returns) lines.push(`Returns: ${returns}`);
    }
    if (tag.name === 'throws' || tag.name === 'exception') {
      const raises = oneLine([tag.type, tag.text].filter(Boolean).join(' '));
      if (raises) lines.push(`Raises: ${raises}`);
    }
  }
  lines.sort((a, b) => Number(a.startsWith('Raises')) - Number(b.startsWith('Raises')));
  return [doc.summary, lines.join('\n')].filter(Boolean).join('\n\n');
}
