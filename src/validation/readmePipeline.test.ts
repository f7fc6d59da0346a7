/**
 * docs/validation.md ("What the model sees on bad input", moved from the README) lists the keywords the schema gate enforces
 * and the formats it checks; this keeps that list and the code in step, both ways.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMATS } from './stringFormats';
import { ENFORCED_KEYWORDS } from './schemaKeywords';

const README = readFileSync(join(__dirname, '..', '..', 'docs', 'validation.md'), 'utf8');

/** The text of the schema-gate step of the pipeline docs/validation.md shows. */
function schemaGateStep(): string {
  const section = README.split('# What the model sees on bad input')[1]?.split('\n## ')[0] ?? '';
  return /^4\. The schema gate:[\s\S]*?(?=^5\. )/m.exec(section)?.[0] ?? '';
}

const codeSpans = (text: string): string[] =>
  [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

describe('docs/validation.md: the schema gate step', () => {
  it('names every keyword the gate enforces, and no other', () => {
    const step = schemaGateStep();
    expect(step).not.toBe('');
    const named = codeSpans(step).filter(
      (span) => /^\$?[a-zA-Z]+$/.test(span) && !Object.hasOwn(FORMATS, span),
    );
    const keywords = named.filter((span) => ENFORCED_KEYWORDS.has(span));
    // The only other words in code: the example of a type that does not let `null` through.
    expect(named.filter((span) => !ENFORCED_KEYWORDS.has(span)).sort()).toEqual(
      ['null', 'string'].sort(),
    );
    expect(new Set(keywords)).toEqual(new Set(ENFORCED_KEYWORDS));
  });

  it('names every format it checks', () => {
    const formatList = /`format` \(([\s\S]*?)\), `pattern`/.exec(schemaGateStep())?.[1] ?? '';
    const formats = codeSpans(formatList).filter((span) => !span.startsWith('@'));
    expect(formats.sort()).toEqual(Object.keys(FORMATS).sort());
  });
});
