/**
 * Incremental partial JSON: tool input arrives as `input_json_delta` chunks, and each chunk is
 * read once (linear in the input, no re-parse of the buffer). The value is built in place, so
 * `value` is a live view: open objects and arrays are present, a string grows as it arrives,
 * and a key, number or literal appears once complete. `JSON.parse` of the whole text stays the
 * authority on the final input; this parser only shows progress.
 * Stays one file at ~300 lines (issue 35): one state machine over one character stream; its
 * steps (`readString`, `readScalar`, `beginValue`, `readStructure`) share the stack and mode
 * fields, so a split would only pass that state between files.
 */

type Container = Record<string, unknown> | unknown[];

interface Frame {
  container: Container;
  /** For an object: the key of the value being read. */
  key: string;
  /** For an array: the index of the value being read. */
  slot: number;
}

/** Where the reader is. */
const enum Mode {
  Value,
  ArrayStart,
  ObjectStart,
  Key,
  Colon,
  AfterValue,
  String,
  Scalar,
  Done,
  Failed,
}

/** The text of a run of string content holding escapes, or undefined when one is invalid. */
function decodeRaw(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}

/** How long an escape that starts with `text` is: `\uXXXX` is 6 characters, others 2. */
const escapeWidth = (text: string): number => (text.length > 1 && text[1] === 'u' ? 6 : 2);

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
/** Characters that may appear in a number or a literal (`true`, `false`, `null`). */
const isScalarChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 45 || c === 43 || c === 46 || c === 69;

/** Sets a property without ever touching a prototype (`__proto__` becomes an own property). */
function put(frame: Frame, value: unknown): void {
  const { container } = frame;
  if (Array.isArray(container)) container[frame.slot] = value;
  else if (frame.key === '__proto__') {
    Object.defineProperty(container, frame.key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else container[frame.key] = value;
}

/**
 * Reads JSON text chunk by chunk and exposes the value read so far.
 * @example
 * const parser = new PartialJsonParser();
 * parser.push('{"city": "Par');
 * parser.value; // { city: 'Par' }
 */
export class PartialJsonParser {
  private readonly stack: Frame[] = [];
  private mode: Mode = Mode.Value;
  private root: unknown = undefined;
  private text = '';
  private stringIsKey = false;
  /** An escape cut by the end of the last chunk, completed by the next one. */
  private carry = '';
  /** How much of the escape `takeCarry` returned came from earlier chunks. */
  private carriedFrom = 0;
  private problem: string | undefined;

  /** The value read so far (a live object: copy it to keep a snapshot). */
  get value(): unknown {
    return this.root;
  }

  /** Why the text stopped being JSON, if it did; the value keeps what was read before. */
  get error(): string | undefined {
    return this.problem;
  }

  /** True once a whole JSON value has been read. */
  get done(): boolean {
    return this.mode === Mode.Done;
  }

  /** Reads one more chunk. */
  push(chunk: string): this {
    let i = 0;
    const n = chunk.length;
    while (i < n && this.mode !== Mode.Failed) i = this.step(chunk, i, n);
    if (!this.stringIsKey && this.inString()) this.place(this.text);
    return this;
  }

  /** Ends the input: a number or literal at the very end of the text is complete now. */
  end(): this {
    if (this.mode === Mode.Scalar) this.finishScalar();
    return this;
  }

  private inString(): boolean {
    return this.mode === Mode.String;
  }

  private fail(message: string): number {
    this.mode = Mode.Failed;
    this.problem = message;
    return Number.MAX_SAFE_INTEGER;
  }

  private place(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top) put(top, value);
    else this.root = value;
  }

  private afterValue(): void {
    this.mode = this.stack.length > 0 ? Mode.AfterValue : Mode.Done;
  }

  /** Reads from `i`; returns where to go on. */
  private step(chunk: string, i: number, n: number): number {
    switch (this.mode) {
      case Mode.String:
        return this.readString(chunk, i, n);
      case Mode.Scalar:
        return this.readScalar(chunk, i, n);
      default:
        return this.readStructure(chunk, i);
    }
  }

  /**
   * Reads string content: a run up to the closing quote or the end of the chunk is decoded at
   * once (by `JSON.parse` when it holds escapes), so a chunk costs one concatenation, and an
   * escape cut by the chunk's end is carried over to the next. The rare paths (carried escape,
   * end of string, errors) are kept out of this hot method so the JIT keeps it optimized.
   */
  private readString(chunk: string, i: number, n: number): number {
    const prefix = this.carry ? this.takeCarry(chunk, i, n) : '';
    if (prefix === undefined) return n;
    if (prefix) i += prefix.length - this.carriedFrom;
    let j = i;
    let escaped = prefix !== '';
    while (j < n) {
      const c = chunk.charCodeAt(j);
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        const width = j + 1 < n && chunk.charCodeAt(j + 1) === 117 ? 6 : 2;
        if (j + width > n) break;
        j += width;
      } else if (c < 32) return this.fail('control character in a string');
      else j++;
    }
    if (j > i || prefix) {
      const raw = prefix + chunk.slice(i, j);
      const piece = escaped ? decodeRaw(raw) : raw;
      if (piece === undefined)
        return this.fail(`invalid escape in ${JSON.stringify(raw.slice(0, 20))}`);
      this.text += piece;
    }
    if (j >= n) return n;
    if (chunk.charCodeAt(j) === 92) {
      this.carry = chunk.slice(j, n);
      return n;
    }
    this.endString();
    return j + 1;
  }

  /**
   * Completes the escape carried from the last chunk with the start of this one; returns it,
   * or undefined when this chunk still does not finish it. `carriedFrom` says how much of the
   * escape was already carried, so the caller can skip what it took from `chunk`.
   */
  private takeCarry(chunk: string, i: number, n: number): string | undefined {
    let carry = this.carry;
    this.carriedFrom = carry.length;
    while (i < n && carry.length < escapeWidth(carry)) carry += chunk[i++];
    if (carry.length < escapeWidth(carry)) {
      this.carry = carry;
      return undefined;
    }
    this.carry = '';
    return carry;
  }

  /** The closing quote: a key waits for its colon, a value takes its place. */
  private endString(): void {
    if (this.stringIsKey) {
      this.stack[this.stack.length - 1].key = this.text;
      this.mode = Mode.Colon;
    } else {
      this.place(this.text);
      this.afterValue();
    }
  }

  private readScalar(chunk: string, i: number, n: number): number {
    let j = i;
    while (j < n && isScalarChar(chunk.charCodeAt(j))) j++;
    this.text += chunk.slice(i, j);
    if (j < n) this.finishScalar();
    return j;
  }

  private finishScalar(): void {
    let value: unknown;
    try {
      value = JSON.parse(this.text);
    } catch {
      this.fail(`invalid value ${this.text.slice(0, 20)}`);
      return;
    }
    this.place(value);
    this.afterValue();
  }

  /** Starts a value at `chunk[i]` (the mode is `Value`). */
  private beginValue(chunk: string, i: number): number {
    const top = this.stack[this.stack.length - 1];
    if (top && Array.isArray(top.container)) top.slot = top.container.length;
    const ch = chunk[i];
    if (ch === '{' || ch === '[') {
      const container: Container = ch === '{' ? {} : [];
      this.place(container);
      this.stack.push({ container, key: '', slot: 0 });
      this.mode = ch === '{' ? Mode.ObjectStart : Mode.ArrayStart;
    } else if (ch === '"') {
      this.text = '';
      this.carry = '';
      this.stringIsKey = false;
      this.mode = Mode.String;
    } else if (isScalarChar(chunk.charCodeAt(i))) {
      this.text = '';
      this.mode = Mode.Scalar;
      return i;
    } else return this.fail(`unexpected ${JSON.stringify(ch)}`);
    return i + 1;
  }

  /** Closes the open container with `ch`; returns where to go on. */
  private close(ch: string, i: number): number {
    const top = this.stack.pop();
    if (!top || Array.isArray(top.container) !== (ch === ']')) {
      return this.fail(`unexpected ${JSON.stringify(ch)}`);
    }
    this.afterValue();
    return i + 1;
  }

  private readStructure(chunk: string, i: number): number {
    const c = chunk.charCodeAt(i);
    if (isSpace(c)) return i + 1;
    const ch = chunk[i];
    switch (this.mode) {
      case Mode.Value:
        return this.beginValue(chunk, i);
      case Mode.ArrayStart:
        if (ch === ']') return this.close(ch, i);
        this.mode = Mode.Value;
        return this.beginValue(chunk, i);
      case Mode.ObjectStart:
      case Mode.Key:
        if (ch === '}' && this.mode === Mode.ObjectStart) return this.close(ch, i);
        if (ch !== '"') return this.fail(`expected a property name, got ${JSON.stringify(ch)}`);
        this.text = '';
        this.carry = '';
        this.stringIsKey = true;
        this.mode = Mode.String;
        return i + 1;
      case Mode.Colon:
        if (ch !== ':') return this.fail(`expected ":", got ${JSON.stringify(ch)}`);
        this.stringIsKey = false;
        this.mode = Mode.Value;
        return i + 1;
      case Mode.AfterValue: {
        if (ch === ']' || ch === '}') return this.close(ch, i);
        if (ch !== ',') return this.fail(`expected "," got ${JSON.stringify(ch)}`);
        const top = this.stack[this.stack.length - 1];
        this.mode = Array.isArray(top.container) ? Mode.Value : Mode.Key;
        return i + 1;
      }
      default:
        return this.fail(`unexpected ${JSON.stringify(ch)} after the end of the value`);
    }
  }
}
