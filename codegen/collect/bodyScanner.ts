/**
 * Finds, without parsing, the bodies of class members no schema is read from: in the classes a
 * file declares at its top level, the body of each constructor and setter, and of each method
 * and getter whose signature states its return type. A cold codegen run blanks them before
 * TypeScript parses the file (see `parseWithoutBodies`), so the parser and the binder skip code
 * codegen never reads; on a service class that is most of the file.
 *
 * Written here because nothing does this job: TypeScript's parser has no option to skip bodies,
 * and every other parser (SWC, esbuild, Babel) parses them too. It is a token scanner, not a
 * parser: strings, template literals, comments and regular expressions are read exactly enough
 * to match braces, and a file it cannot follow yields nothing. It may be wrong in rare code (a
 * regular expression right after `)`), so it is never trusted alone: `parseWithoutBodies` keeps
 * its answer only when TypeScript's own parse of the blanked text agrees with it.
 */

/** Where one body's braces are: the offsets of its `{` and of its `}`. */
export interface BodyBraces {
  open: number;
  close: number;
}

const enum Kind {
  End,
  Name,
  Punct,
  Literal,
  Template,
}

/** The `=>` token's value (every other punctuator is its character code). */
const ARROW = 0x10000;

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const LESS = 0x3c;
const GREATER = 0x3e;
const SEMICOLON = 0x3b;
const COLON = 0x3a;
const EQUALS = 0x3d;
const AT = 0x40;
const DOT = 0x2e;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;
const DOLLAR = 0x24;
const STAR = 0x2a;
const HASH = 0x23;
const COMMA = 0x2c;
const AMPERSAND = 0x26;
const BAR = 0x7c;
const QUESTION = 0x3f;
const BANG = 0x21;
const QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;

/** Thrown when the scanner cannot follow the file; `findBodies` then finds nothing. */
class Lost extends Error {}

/** Keywords after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** Names after which a type is still to come (`keyof {…}`, `x is {…}`). */
const TYPE_OPERATORS = new Set([
  'keyof',
  'typeof',
  'infer',
  'is',
  'extends',
  'readonly',
  'unique',
  'asserts',
  'new',
  'abstract',
]);

/** Names that may start a statement holding a class (`export`, `abstract`, …, `class`). */
const CLASS_STATEMENT_START = new Set(['export', 'declare', 'abstract', 'class']);

/** Modifiers that may stand on a line of their own before a member's name. */
const MODIFIERS = new Set([
  'public',
  'private',
  'protected',
  'static',
  'readonly',
  'abstract',
  'override',
  'declare',
  'async',
  'accessor',
  'get',
  'set',
]);

/** The kind of member whose body `{` follows a parameter list. */
const enum Member {
  Method,
  Getter,
  Setter,
  Constructor,
}

const isLineBreak = (ch: number): boolean =>
  ch === 0x0a || ch === 0x0d || ch === 0x2028 || ch === 0x2029;

/** Whitespace other than line breaks, as TypeScript's scanner counts it. */
function isSpace(ch: number): boolean {
  if (ch === 0x20 || ch === 0x09 || ch === 0x0b || ch === 0x0c) return true;
  if (ch < 0x80) return false;
  return (
    ch === 0xa0 ||
    ch === 0x85 ||
    ch === 0xfeff ||
    ch === 0x1680 ||
    (ch >= 0x2000 && ch <= 0x200a) ||
    ch === 0x202f ||
    ch === 0x205f ||
    ch === 0x3000
  );
}

/** A character of a name: ASCII letters, digits, `_`, `$`, `\` (escapes) and any other non-space. */
const isNamePart = (ch: number): boolean =>
  (ch >= 0x61 && ch <= 0x7a) ||
  (ch >= 0x41 && ch <= 0x5a) ||
  (ch >= 0x30 && ch <= 0x39) ||
  ch === 0x5f ||
  ch === DOLLAR ||
  ch === BACKSLASH ||
  (ch >= 0x80 && !isSpace(ch) && !isLineBreak(ch));

const isDigit = (ch: number): boolean => ch >= 0x30 && ch <= 0x39;

/** The token reader and the member walk over one file's text. */
class BodyScanner {
  private pos = 0;
  private kind = Kind.End;
  private value = 0;
  private start = 0;
  private end = 0;
  /** Whether a line break came before the current token. */
  private newline = false;
  private lastKind = Kind.End;
  private lastValue = 0;
  private lastStart = 0;
  private lastEnd = 0;
  readonly bodies: BodyBraces[] = [];

  constructor(private readonly text: string) {
    if (text.startsWith('#!')) this.pos = 2;
  }

  /** Walks the file's statements, recording the bodies of its top-level classes. */
  scan(): void {
    this.next();
    while (this.kind !== Kind.End) this.statement();
  }

  private is(value: number): boolean {
    return this.kind === Kind.Punct && this.value === value;
  }

  /** Whether the current token is the name `name`. */
  private named(name: string): boolean {
    return (
      this.kind === Kind.Name &&
      this.end - this.start === name.length &&
      this.text.startsWith(name, this.start)
    );
  }

  private nameIn(names: ReadonlySet<string>): boolean {
    return this.kind === Kind.Name && names.has(this.text.slice(this.start, this.end));
  }

  // --- statements and classes ---

  /** One top-level statement: a class declaration is walked, anything else skipped. */
  private statement(): void {
    while (
      this.is(AT) ||
      this.named('export') ||
      this.named('default') ||
      this.named('declare') ||
      this.named('abstract')
    ) {
      if (this.is(AT)) this.decorator();
      else this.next();
    }
    if (this.named('class')) this.classDeclaration();
    else this.skipStatement();
  }

  /** Skips to the end of a statement: its `;`, or the start of a class statement on a new line. */
  private skipStatement(): void {
    let afterBlock = false;
    while (this.kind !== Kind.End) {
      if (this.is(SEMICOLON)) return this.next();
      if ((this.newline || afterBlock) && (this.is(AT) || this.nameIn(CLASS_STATEMENT_START)))
        return;
      afterBlock = this.is(OPEN_BRACE);
      this.skipToken();
    }
  }

  /** `@name`, `@a.b`, `@a<T>(…)`, `@(…)`: leaves the token after it current. */
  private decorator(): void {
    this.next();
    if (this.is(OPEN_PAREN)) return this.skipToken();
    while (this.kind === Kind.Name) {
      this.next();
      if (!this.is(DOT)) break;
      this.next();
    }
    if (this.is(LESS)) this.skipAngles();
    if (this.is(OPEN_PAREN)) this.skipToken();
  }

  /** `class Name<…> extends … implements … {`: finds the body and walks its members. */
  private classDeclaration(): void {
    this.next();
    let typeExpected = false;
    while (!this.is(OPEN_BRACE) || typeExpected) {
      if (this.kind === Kind.End || this.is(SEMICOLON)) throw new Lost();
      const operator =
        this.is(LESS) || this.is(COMMA) || this.is(EQUALS) || this.is(AMPERSAND) || this.is(BAR);
      typeExpected =
        operator ||
        this.named('extends') ||
        this.named('implements') ||
        this.nameIn(TYPE_OPERATORS);
      this.skipToken();
    }
    this.next();
    while (!this.is(CLOSE_BRACE)) {
      if (this.kind === Kind.End) throw new Lost();
      if (this.is(SEMICOLON)) this.next();
      else this.member();
    }
    this.next();
  }

  /** One class member, from its decorators to its end. */
  private member(): void {
    let name = -1;
    let nameEnd = -1;
    let before = -1;
    for (;;) {
      if (this.is(AT)) {
        this.decorator();
      } else if (this.kind === Kind.Name || this.kind === Kind.Literal) {
        if (name >= 0 && this.newline && !this.isModifier(name, nameEnd)) return;
        before = name;
        name = this.start;
        nameEnd = this.end;
        this.next();
      } else if (this.is(OPEN_BRACKET)) {
        before = name;
        name = this.start;
        nameEnd = this.start;
        this.skipToken();
      } else if (this.is(STAR) || this.is(QUESTION) || this.is(BANG)) {
        this.next();
      } else if (this.is(LESS)) {
        this.skipAngles();
      } else if (this.is(OPEN_PAREN)) {
        this.skipToken();
        return this.afterParameters(this.memberKind(name, nameEnd, before));
      } else if (this.is(COLON)) {
        this.next();
        this.skipType(false);
        if (this.is(EQUALS)) this.skipInitializer();
        return;
      } else if (this.is(EQUALS)) {
        return this.skipInitializer();
      } else if (this.is(SEMICOLON)) {
        return this.next();
      } else if (this.is(CLOSE_BRACE)) {
        return;
      } else if (this.is(OPEN_BRACE) && name >= 0) {
        return this.skipToken(); // static { … }
      } else {
        throw new Lost();
      }
    }
  }

  private isModifier(start: number, end: number): boolean {
    return MODIFIERS.has(this.text.slice(start, end));
  }

  private memberKind(name: number, nameEnd: number, before: number): Member {
    const word = (start: number, value: string) =>
      start >= 0 &&
      this.text.startsWith(value, start) &&
      !isNamePart(this.text.charCodeAt(start + value.length));
    if (name >= 0 && nameEnd - name === 11 && word(name, 'constructor')) return Member.Constructor;
    if (word(before, 'get')) return Member.Getter;
    if (word(before, 'set')) return Member.Setter;
    return Member.Method;
  }

  /** After a member's parameter list: its return type, then its body, a `;` or nothing. */
  private afterParameters(member: Member): void {
    let typed = false;
    if (this.is(COLON)) {
      this.next();
      this.skipType(true);
      typed = true;
    }
    if (this.is(OPEN_BRACE)) {
      if (typed || member === Member.Constructor || member === Member.Setter) this.blank();
      else this.skipToken();
    } else if (this.is(SEMICOLON)) {
      this.next();
    }
  }

  /** Records the body starting at the current `{` and moves past it. */
  private blank(): void {
    const open = this.start;
    this.next();
    this.skipUntil(CLOSE_BRACE);
    this.bodies.push({ open, close: this.start });
    this.next();
  }

  /**
   * Skips a type, leaving current the token that ends it: a body's `{` (after a return type),
   * `=`, `;`, the class's `}`, or the first token of the next member on a new line.
   */
  private skipType(returnType: boolean): void {
    let typeExpected = true;
    for (;;) {
      if (this.kind === Kind.End) throw new Lost();
      if (this.is(OPEN_BRACE)) {
        if (!typeExpected) {
          if (returnType) return;
          throw new Lost();
        }
        this.skipToken();
        typeExpected = false;
      } else if (this.is(OPEN_PAREN) || this.is(OPEN_BRACKET)) {
        this.skipToken();
        typeExpected = false;
      } else if (this.is(CLOSE_PAREN) || this.is(CLOSE_BRACKET)) {
        throw new Lost();
      } else if (this.is(SEMICOLON) || this.is(EQUALS) || this.is(CLOSE_BRACE)) {
        return;
      } else if (this.kind === Kind.Punct) {
        if (this.newline && !typeExpected && this.is(AT)) return;
        typeExpected = !this.is(GREATER);
        this.next();
      } else if (this.kind === Kind.Name) {
        if (this.newline && !typeExpected) return;
        typeExpected = this.nameIn(TYPE_OPERATORS);
        this.next();
      } else {
        if (this.newline && !typeExpected && this.kind === Kind.Literal) return;
        typeExpected = false;
        this.next();
      }
    }
  }

  /**
   * Skips a property's initializer from its `=`: to its `;`, the class's `}`, or, once the
   * expression is complete, a new line starting what cannot continue it (a name, a string, a
   * decorator).
   */
  private skipInitializer(): void {
    this.next();
    for (;;) {
      if (this.kind === Kind.End) throw new Lost();
      if (this.is(SEMICOLON)) return this.next();
      if (this.is(CLOSE_BRACE)) return;
      if (this.newline && !this.operandExpected()) {
        if (this.kind === Kind.Name && !this.named('in') && !this.named('instanceof')) return;
        if (this.kind === Kind.Literal || this.is(AT)) return;
      }
      this.skipToken();
    }
  }

  /** Skips `<…>` (type parameters or arguments), nested groups included. */
  private skipAngles(): void {
    let depth = 0;
    do {
      if (this.kind === Kind.End || this.is(SEMICOLON) || this.is(CLOSE_BRACE)) throw new Lost();
      if (this.is(LESS)) depth++;
      else if (this.is(GREATER)) depth--;
      this.skipToken();
    } while (depth > 0);
  }

  // --- tokens ---

  /** Moves past the current token, past the whole group when it opens one. */
  private skipToken(): void {
    if (this.kind === Kind.Punct) {
      const close =
        this.value === OPEN_BRACE
          ? CLOSE_BRACE
          : this.value === OPEN_PAREN
            ? CLOSE_PAREN
            : this.value === OPEN_BRACKET
              ? CLOSE_BRACKET
              : 0;
      if (close) {
        this.next();
        this.skipUntil(close);
      } else if (
        this.value === CLOSE_BRACE ||
        this.value === CLOSE_PAREN ||
        this.value === CLOSE_BRACKET
      ) {
        throw new Lost();
      }
    }
    this.next();
  }

  /** Skips tokens (and nested groups) until the current token is the punctuator `close`. */
  private skipUntil(close: number): void {
    while (!this.is(close)) {
      if (this.kind === Kind.End) throw new Lost();
      this.skipToken();
    }
  }

  /** Reads the next token. */
  private next(): void {
    this.lastKind = this.kind;
    this.lastValue = this.value;
    this.lastStart = this.start;
    this.lastEnd = this.end;
    this.newline = false;
    const text = this.text;
    const length = text.length;
    let pos = this.pos;
    let ch = 0;
    for (; pos < length; pos++) {
      ch = text.charCodeAt(pos);
      if (isLineBreak(ch)) this.newline = true;
      else if (ch === SLASH && text.charCodeAt(pos + 1) === SLASH) {
        pos += 2;
        while (pos < length && !isLineBreak(text.charCodeAt(pos))) pos++;
        pos--;
      } else if (ch === SLASH && text.charCodeAt(pos + 1) === STAR) {
        const close = text.indexOf('*/', pos + 2);
        if (close < 0) throw new Lost();
        const lineFeed = text.indexOf('\n', pos);
        if ((lineFeed >= 0 && lineFeed < close) || /[\r\u2028\u2029]/.test(text.slice(pos, close)))
          this.newline = true;
        pos = close + 1;
      } else if (!isSpace(ch)) break;
    }
    this.start = pos;
    if (pos >= length) {
      this.kind = Kind.End;
      this.pos = this.end = length;
      return;
    }
    if (isNamePart(ch) && !isDigit(ch)) {
      this.kind = Kind.Name;
      pos++;
      while (pos < length && isNamePart(text.charCodeAt(pos))) pos++;
    } else if (ch === HASH && isNamePart(text.charCodeAt(pos + 1))) {
      this.kind = Kind.Name;
      pos += 2;
      while (pos < length && isNamePart(text.charCodeAt(pos))) pos++;
    } else if (isDigit(ch) || (ch === DOT && isDigit(text.charCodeAt(pos + 1)))) {
      this.kind = Kind.Literal;
      pos++;
      while (pos < length && (isNamePart(text.charCodeAt(pos)) || text.charCodeAt(pos) === DOT))
        pos++;
    } else if (ch === QUOTE || ch === DOUBLE_QUOTE) {
      this.kind = Kind.Literal;
      pos = this.stringEnd(pos, ch);
    } else if (ch === BACKTICK) {
      const newline = this.newline;
      this.pos = pos + 1;
      this.template();
      this.kind = Kind.Template;
      this.newline = newline;
      this.start = pos;
      this.end = this.pos;
      return;
    } else {
      const regex = ch === SLASH && this.operandExpected() ? this.regexEnd(pos) : 0;
      this.kind = regex ? Kind.Literal : Kind.Punct;
      this.value = ch;
      pos = regex || pos + 1;
      if (ch === EQUALS && text.charCodeAt(pos) === GREATER) {
        this.value = ARROW;
        pos++;
      }
    }
    this.pos = this.end = pos;
  }

  /** The end of the string literal opening at `pos` (at its line's end if unterminated). */
  private stringEnd(pos: number, quote: number): number {
    const text = this.text;
    for (pos++; pos < text.length; pos++) {
      const ch = text.charCodeAt(pos);
      if (ch === quote) return pos + 1;
      if (ch === BACKSLASH) pos++;
      else if (isLineBreak(ch)) return pos;
    }
    return pos;
  }

  /** Reads a template literal's rest from `this.pos`, its `${…}` parts as code. */
  private template(): void {
    const text = this.text;
    let pos = this.pos;
    for (; pos < text.length; pos++) {
      const ch = text.charCodeAt(pos);
      if (ch === BACKTICK) {
        this.pos = pos + 1;
        return;
      }
      if (ch === BACKSLASH) pos++;
      else if (ch === DOLLAR && text.charCodeAt(pos + 1) === OPEN_BRACE) {
        this.pos = pos + 2;
        this.kind = Kind.Punct;
        this.value = OPEN_BRACE;
        this.next();
        this.skipUntil(CLOSE_BRACE);
        pos = this.end - 1;
      }
    }
    throw new Lost();
  }

  /**
   * Whether the previous token leaves an operand to come (an operator, `(`, `return`, …): then
   * a `/` starts a regular expression, and a line break ends no expression.
   */
  private operandExpected(): boolean {
    if (this.lastKind === Kind.End) return true;
    if (this.lastKind === Kind.Punct)
      return (
        this.lastValue !== CLOSE_PAREN &&
        this.lastValue !== CLOSE_BRACKET &&
        this.lastValue !== CLOSE_BRACE
      );
    if (this.lastKind !== Kind.Name) return false;
    return BEFORE_REGEX.has(this.text.slice(this.lastStart, this.lastEnd));
  }

  /** The end of the regular expression at `pos`, or 0 when none ends on its line. */
  private regexEnd(pos: number): number {
    const text = this.text;
    let inClass = false;
    for (pos++; pos < text.length; pos++) {
      const ch = text.charCodeAt(pos);
      if (isLineBreak(ch)) return 0;
      if (ch === BACKSLASH) pos++;
      else if (ch === OPEN_BRACKET) inClass = true;
      else if (ch === CLOSE_BRACKET) inClass = false;
      else if (ch === SLASH && !inClass) {
        pos++;
        while (pos < text.length && isNamePart(text.charCodeAt(pos))) pos++;
        return pos;
      }
    }
    return 0;
  }
}

/**
 * The bodies of the top-level classes' members in `text` that no schema reads, in file order,
 * or none when the scanner cannot follow the file.
 * @example
 * findBodies('class A { m(): number { return 1; } }'); // [{ open: 14, close: 26 }]
 */
export function findBodies(text: string): BodyBraces[] {
  const scanner = new BodyScanner(text);
  try {
    scanner.scan();
  } catch (error) {
    if (error instanceof Lost || error instanceof RangeError) return [];
    throw error;
  }
  return scanner.bodies;
}
