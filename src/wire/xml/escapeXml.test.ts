import fc from 'fast-check';
import { escapeXml, unescapeXml } from './escapeXml';
import { propertyRuns } from '../../../test/propertyRuns';

describe('escapeXml / unescapeXml', () => {
  it('escapes the three characters that can start or end markup', () => {
    expect(escapeXml('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(escapeXml('</stdout></result>')).toBe('&lt;/stdout&gt;&lt;/result&gt;');
  });

  it('decodes named and numeric entities in one pass', () => {
    expect(unescapeXml('AT&amp;T &lt;b&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42;')).toBe(
      `AT&T <b> "q" 's' AB`,
    );
    expect(unescapeXml('&amp;lt;')).toBe('&lt;');
  });

  it('leaves unknown or broken entities as written', () => {
    expect(unescapeXml('&nbsp; & &#xZZ; &#99999999;')).toBe('&nbsp; & &#xZZ; &#99999999;');
  });

  it('round-trips any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => unescapeXml(escapeXml(text)) === text),
      { numRuns: propertyRuns(2000) },
    );
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('&', '<', '>', 'amp;', 'lt;', '#60;', '#x3c;', 'a', '&amp;'))
          .map((parts) => parts.join('')),
        (text) => unescapeXml(escapeXml(text)) === text && !/[<>]/.test(escapeXml(text)),
      ),
      { numRuns: propertyRuns(2000) },
    );
  });
});
