import { DEFAULT_LIMITS } from '../registry/ToolRegistry';
import { guardValue, parseJsonText } from './guardInput';

const problemsOf = (result: ReturnType<typeof guardValue>): string[] =>
  result.ok ? [] : result.problems;

describe('guardInput', () => {
  it('accepts a plain JSON object', () => {
    expect(guardValue({ a: [1, { b: 'x' }], c: null }, DEFAULT_LIMITS)).toEqual({
      ok: true,
      value: { a: [1, { b: 'x' }], c: null },
    });
  });

  it.each([
    [[1, 2], 'input: must be a JSON object, got an array'],
    [null, 'input: must be a JSON object, got null'],
    ['text', 'input: must be a JSON object, got string'],
    [42, 'input: must be a JSON object, got number'],
  ])('rejects %j as not an object', (value, message) => {
    expect(problemsOf(guardValue(value, DEFAULT_LIMITS))).toEqual([message]);
  });

  it('parses JSON text and reports invalid JSON', () => {
    expect(parseJsonText('{"a":1}', DEFAULT_LIMITS)).toEqual({ ok: true, value: { a: 1 } });
    expect(problemsOf(parseJsonText('{"a":', DEFAULT_LIMITS))[0]).toMatch(
      /^input: is not valid JSON/,
    );
    expect(problemsOf(parseJsonText('[1]', DEFAULT_LIMITS))).toEqual([
      'input: must be a JSON object, got an array',
    ]);
  });

  it('rejects forbidden keys at any depth, including the own __proto__ JSON.parse creates', () => {
    expect(
      problemsOf(parseJsonText('{"a":{"b":[{"__proto__":{"x":1}}]}}', DEFAULT_LIMITS)),
    ).toEqual(['a.b[0].__proto__: the key "__proto__" is not allowed']);
    expect(problemsOf(guardValue({ constructor: { prototype: 1 } }, DEFAULT_LIMITS))).toEqual([
      'constructor: the key "constructor" is not allowed',
    ]);
    expect(problemsOf(guardValue({ a: { prototype: 1 } }, DEFAULT_LIMITS))).toEqual([
      'a.prototype: the key "prototype" is not allowed',
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('rejects 100,000 levels of nesting without overflowing the stack', () => {
    const text = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const [problem] = problemsOf(parseJsonText(text, DEFAULT_LIMITS));
    expect(problem).toMatch(/is nested deeper than the limit of 64 levels$/);
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 100_000; i++) deep = (deep.a = {}) as Record<string, unknown>;
    expect(problemsOf(guardValue(root, DEFAULT_LIMITS))[0]).toMatch(
      /nested deeper than the limit of 64 levels/,
    );
  });

  it('allows exactly the depth limit', () => {
    const limits = { ...DEFAULT_LIMITS, maxDepth: 3 };
    expect(guardValue({ a: { b: {} } }, limits).ok).toBe(true);
    expect(problemsOf(guardValue({ a: { b: { c: {} } } }, limits))).toEqual([
      'a.b.c: is nested deeper than the limit of 3 levels',
    ]);
  });

  it('rejects input over the size limit, as text and as an object', () => {
    const big = 'x'.repeat(20 * 1024 * 1024);
    expect(problemsOf(parseJsonText(`{"a":"${big}"}`, DEFAULT_LIMITS))).toEqual([
      `input: is ${big.length + 8} bytes, over the limit of 1048576 bytes`,
    ]);
    expect(problemsOf(guardValue({ a: big }, DEFAULT_LIMITS))).toEqual([
      'input: is larger than the limit of 1048576 bytes',
    ]);
  });

  it('counts UTF-8 bytes, not characters, for JSON text', () => {
    const limits = { ...DEFAULT_LIMITS, maxInputBytes: 20 };
    expect(parseJsonText('{"a":"ééééé"}', limits).ok).toBe(true);
    expect(parseJsonText('{"a":"éééééééé"}', limits).ok).toBe(false);
  });

  it('rejects what JSON cannot carry: class instances, functions, non-finite numbers, cycles', () => {
    expect(problemsOf(guardValue({ when: new Date(0) }, DEFAULT_LIMITS))).toEqual([
      'when: must be plain JSON data, got an instance of Date',
    ]);
    expect(problemsOf(guardValue({ f: () => 1 }, DEFAULT_LIMITS))).toEqual([
      'f: function is not a JSON value',
    ]);
    expect(problemsOf(guardValue({ n: NaN }, DEFAULT_LIMITS))).toEqual([
      'n: must be a finite number',
    ]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(problemsOf(guardValue(cyclic, DEFAULT_LIMITS))).toEqual(['self: is circular, not JSON']);
  });

  it('accepts the same object referenced twice (shared, not circular)', () => {
    const shared = { x: 1 };
    expect(guardValue({ a: shared, b: [shared, shared] }, DEFAULT_LIMITS).ok).toBe(true);
  });
});
