/**
 * The tokens of TypeScript source where `bodyScanner` needs them, read one at a time: names,
 * punctuators (`=>` as one), literals, template literals and regular expressions, each with
 * whether a line break came before it; a bracketed group is crossed whole (`groupEnd`).
 * Comments and whitespace are skipped as TypeScript's scanner skips them.
 */
import {
  BEFORE_OPERAND,
  closerOf,
  groupEnd,
  regexEnd,
  regexMayStart,
  stringEnd,
  templateEnd,
} from './groupEnd';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  DOT,
  DOUBLE_QUOTE,
  EQUALS,
  GREATER,
  HASH,
  LESS,
  QUOTE,
  SEMICOLON,
  SLASH,
  STAR,
  BACKTICK,
  isDigit,
  isLineBreak,
  isNamePart,
  isSpace,
} from './sourceChars';

/** What a token is. */
export enum TokenKind {
  End,
  Name,
  Punct,
  Literal,
  Template,
}

/** The `=>` token's value (every other punctuator is its character code). */
const ARROW = 0x10000;

/** Thrown when the text cannot be followed (a group never closed, a stray bracket). */
export class LostInSource extends Error {}

/** A reader of one file's tokens; the current token is `kind`, `value`, `start` to `end`. */
export class SourceTokens {
  protected pos = 0;
  protected kind = TokenKind.End;
  /** A punctuator's character code (or `ARROW`). */
  protected value = 0;
  protected start = 0;
  protected end = 0;
  /** Whether a line break came before the current token. */
  protected newline = false;
  private lastKind = TokenKind.End;
  private lastValue = 0;
  private lastStart = 0;
  private lastEnd = 0;

  constructor(protected readonly text: string) {
    if (text.startsWith('#!')) this.pos = 2;
  }

  /** Whether the current token is the punctuator `value`. */
  protected is(value: number): boolean {
    return this.kind === TokenKind.Punct && this.value === value;
  }

  /** Whether the current token is the name `name`. */
  protected named(name: string): boolean {
    return (
      this.kind === TokenKind.Name &&
      this.end - this.start === name.length &&
      this.text.startsWith(name, this.start)
    );
  }

  /** Whether the current token is one of the names `names`. */
  protected nameIn(names: ReadonlySet<string>): boolean {
    return this.kind === TokenKind.Name && names.has(this.text.slice(this.start, this.end));
  }

  /** Skips `<…>` (type parameters or arguments), nested groups included. */
  protected skipAngles(): void {
    let depth = 0;
    do {
      if (this.kind === TokenKind.End || this.is(SEMICOLON) || this.is(CLOSE_BRACE))
        throw new LostInSource();
      if (this.is(LESS)) depth++;
      else if (this.is(GREATER)) depth--;
      this.skipToken();
    } while (depth > 0);
  }

  /** Moves past the current token, past the whole group when it opens one. */
  protected skipToken(): void {
    if (this.kind === TokenKind.Punct) {
      const close = closerOf(this.value);
      if (close) this.pastGroup(close);
      else if (
        this.value === CLOSE_BRACE ||
        this.value === CLOSE_PAREN ||
        this.value === CLOSE_BRACKET
      )
        throw new LostInSource();
    }
    this.next();
  }

  /** Makes the `close` that ends the group the current token opens the current token. */
  protected pastGroup(close: number): void {
    const at = groupEnd(this.text, this.end, close);
    if (at < 0) throw new LostInSource();
    this.kind = TokenKind.Punct;
    this.value = close;
    this.start = at;
    this.pos = this.end = at + 1;
  }

  /** Reads the next token. */
  protected next(): void {
    this.lastKind = this.kind;
    this.lastValue = this.value;
    this.lastStart = this.start;
    this.lastEnd = this.end;
    this.value = 0;
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
        if (close < 0) throw new LostInSource();
        const lineFeed = text.indexOf('\n', pos);
        if ((lineFeed >= 0 && lineFeed < close) || /[\r\u2028\u2029]/.test(text.slice(pos, close)))
          this.newline = true;
        pos = close + 1;
      } else if (!isSpace(ch)) break;
    }
    this.start = pos;
    if (pos >= length) {
      this.kind = TokenKind.End;
      this.pos = this.end = length;
      return;
    }
    if (isNamePart(ch) && !isDigit(ch)) {
      this.kind = TokenKind.Name;
      pos++;
      while (pos < length && isNamePart(text.charCodeAt(pos))) pos++;
    } else if (ch === HASH && isNamePart(text.charCodeAt(pos + 1))) {
      this.kind = TokenKind.Name;
      pos += 2;
      while (pos < length && isNamePart(text.charCodeAt(pos))) pos++;
    } else if (isDigit(ch) || (ch === DOT && isDigit(text.charCodeAt(pos + 1)))) {
      this.kind = TokenKind.Literal;
      pos++;
      while (pos < length && (isNamePart(text.charCodeAt(pos)) || text.charCodeAt(pos) === DOT))
        pos++;
    } else if (ch === QUOTE || ch === DOUBLE_QUOTE) {
      this.kind = TokenKind.Literal;
      pos = stringEnd(text, pos);
    } else if (ch === BACKTICK) {
      this.kind = TokenKind.Template;
      pos = templateEnd(text, pos);
      if (pos < 0) throw new LostInSource();
    } else {
      const regex = ch === SLASH && regexMayStart(text, pos) ? regexEnd(text, pos) : -1;
      this.kind = regex < 0 ? TokenKind.Punct : TokenKind.Literal;
      this.value = ch;
      pos = regex < 0 ? pos + 1 : regex;
      if (ch === EQUALS && text.charCodeAt(pos) === GREATER) {
        this.value = ARROW;
        pos++;
      }
    }
    this.pos = this.end = pos;
  }

  /**
   * Whether the previous token leaves an operand to come (an operator, `(`, `return`, …): a line
   * break then ends no expression.
   */
  protected operandExpected(): boolean {
    if (this.lastKind === TokenKind.End) return true;
    if (this.lastKind === TokenKind.Punct)
      return (
        this.lastValue !== CLOSE_PAREN &&
        this.lastValue !== CLOSE_BRACKET &&
        this.lastValue !== CLOSE_BRACE
      );
    if (this.lastKind !== TokenKind.Name) return false;
    return BEFORE_OPERAND.has(this.text.slice(this.lastStart, this.lastEnd));
  }
}
