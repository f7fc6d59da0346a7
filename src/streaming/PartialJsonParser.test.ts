/**
 * The incremental parser against `JSON.parse`: on every prefix of many documents its value is
 * what `JSON.parse` gives for that prefix completed (open strings closed, unfinished keys,
 * numbers and literals dropped, brackets closed), and the whole text gives `JSON.parse`'s value.
 */
import fc from 'fast-check';
import { PartialJsonParser } from './PartialJsonParser';
import { propertyRuns } from '../../test/propertyRuns';

type Token = { kind: 'punct' | 'string' | 'scalar'; raw: string; key?: boolean; open?: boolean };

/** An independent, slow reference: tokenises a prefix and completes it into JSON text. */
function completePrefix(prefix: string): unknown {
  const tokens: Token[] = [];
  const stack: string[] = [];
  let i = 0;
  while (i < prefix.length) {
    const ch = prefix[i];
    if (' \n\r\t'.includes(ch)) {
      i++;
    } else if ('{['.includes(ch)) {
      stack.push(ch);
      tokens.push({ kind: 'punct', raw: ch });
      i++;
    } else if ('}]'.includes(ch)) {
      stack.pop();
      tokens.push({ kind: 'punct', raw: ch });
      i++;
    } else if (':,'.includes(ch)) {
      tokens.push({ kind: 'punct', raw: ch });
      i++;
    } else if (ch === '"') {
      const previous = tokens[tokens.length - 1]?.raw;
      const key = stack[stack.length - 1] === '{' && (previous === '{' || previous === ',');
      let j = i + 1;
      while (j < prefix.length && prefix[j] !== '"') j += prefix[j] === '\\' ? 2 : 1;
      const closed = j < prefix.length;
      tokens.push({
        kind: 'string',
        raw: prefix.slice(i, closed ? j + 1 : prefix.length),
        key,
        open: !closed,
      });
      i = closed ? j + 1 : prefix.length;
    } else {
      let j = i;
      while (j < prefix.length && /[0-9a-zA-Z.+-]/.test(prefix[j])) j++;
      tokens.push({ kind: 'scalar', raw: prefix.slice(i, j), open: j === prefix.length });
      i = j;
    }
  }
  const last = tokens[tokens.length - 1];
  if (last?.open) {
    if (last.kind === 'scalar' || last.key) tokens.pop();
    else {
      let j = 1;
      while (j < last.raw.length) {
        if (last.raw[j] !== '\\') j++;
        else if (last.raw[j + 1] === 'u' ? j + 6 <= last.raw.length : j + 2 <= last.raw.length) {
          j += last.raw[j + 1] === 'u' ? 6 : 2;
        } else break;
      }
      last.raw = last.raw.slice(0, j) + '"';
    }
  }
  for (;;) {
    const end = tokens[tokens.length - 1];
    if (end?.raw === ',') tokens.pop();
    else if (end?.raw === ':') tokens.splice(-2, 2);
    else if (end?.kind === 'string' && end.key) tokens.pop();
    else break;
  }
  const closers = [];
  const open: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'punct') continue;
    if (token.raw === '{' || token.raw === '[') open.push(token.raw);
    if (token.raw === '}' || token.raw === ']') open.pop();
  }
  while (open.length) closers.push(open.pop() === '{' ? '}' : ']');
  const text = tokens.map((t) => t.raw).join('') + closers.join('');
  return text.trim() === '' ? undefined : JSON.parse(text);
}

function checkEveryPrefix(text: string): void {
  const parser = new PartialJsonParser();
  for (let i = 0; i < text.length; i++) {
    parser.push(text[i]);
    expect({ prefix: text.slice(0, i + 1), value: parser.value }).toEqual({
      prefix: text.slice(0, i + 1),
      value: completePrefix(text.slice(0, i + 1)),
    });
  }
  parser.end();
  expect(parser.value).toEqual(JSON.parse(text));
  expect(parser.error).toBeUndefined();
}

describe('PartialJsonParser', () => {
  it('shows strings as they grow and keys, numbers and literals once complete', () => {
    const parser = new PartialJsonParser();
    parser.push('{"city": "Par');
    expect(parser.value).toEqual({ city: 'Par' });
    parser.push('is", "days": 1');
    expect(parser.value).toEqual({ city: 'Paris' });
    parser.push('2, "tags": ["a", tr');
    expect(parser.value).toEqual({ city: 'Paris', days: 12, tags: ['a'] });
    parser.push('ue], "n');
    expect(parser.value).toEqual({ city: 'Paris', days: 12, tags: ['a', true] });
    parser.push('ote": "x\\u00e9\\n"}');
    expect(parser.value).toEqual({ city: 'Paris', days: 12, tags: ['a', true], note: 'xé\n' });
    expect(parser.done).toBe(true);
  });

  it('matches JSON.parse of the completed prefix on every prefix of hand-written documents', () => {
    const documents = [
      '{"a": 1, "b": [true, false, null, -1.5e+3], "c": {"d": "e\\"f\\\\g\\u0041\\ud83d\\ude00"}}',
      '  [ {"x": []}, {}, [[]], "s", 0, 12.25 ]  ',
      '"just a string with \\/ and \\t"',
      '{"":"","nested":{"deep":{"deeper":[1,[2,[3]]]}}}',
    ];
    for (const text of documents) checkEveryPrefix(text);
  });

  it('matches JSON.parse of the completed prefix on every prefix of random documents', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        checkEveryPrefix(JSON.stringify(value, null, pretty ? 2 : undefined));
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('gives JSON.parse of the whole text however the text is chunked', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (value, cuts) => {
          const text = JSON.stringify(value);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const parser = new PartialJsonParser();
          let at = 0;
          for (const point of [...points, text.length]) {
            parser.push(text.slice(at, point));
            at = point;
          }
          expect(parser.end().value).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('keeps a __proto__ key as an own property, never as the prototype', () => {
    const parser = new PartialJsonParser();
    parser.push('{"__proto__": {"polluted": true}, "a": 1}');
    const value = parser.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops at text that is not JSON and keeps what it read', () => {
    const parser = new PartialJsonParser();
    parser.push('{"a": "b", oops');
    expect(parser.value).toEqual({ a: 'b' });
    expect(parser.error).toMatch(/property name/);
  });

  it('stops at an invalid escape or a raw control character in a string', () => {
    const escape = new PartialJsonParser().push('{"a": "ok", "b": "x\\q"}');
    expect(escape.value).toEqual({ a: 'ok' });
    expect(escape.error).toMatch(/invalid escape/);
    const control = new PartialJsonParser().push('{"a": "line\nbreak"}');
    expect(control.error).toMatch(/control character/);
  });

  it('reads a large string input in small chunks in one pass', () => {
    const big = 'x'.repeat(256 * 1024);
    const text = JSON.stringify({ data: big, n: 1 });
    const parser = new PartialJsonParser();
    for (let at = 0; at < text.length; at += 64) parser.push(text.slice(at, at + 64));
    expect(parser.value).toEqual({ data: big, n: 1 });
  });
});
