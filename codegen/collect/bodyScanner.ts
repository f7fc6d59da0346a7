/**
 * Finds, without parsing, the bodies of class members no schema is read from: in the classes a
 * file declares at its top level, the body of each constructor and setter, and of each method
 * and getter whose signature states its return type. A cold codegen run blanks them before
 * TypeScript parses the file (see `parseWithoutBodies`), so the parser and the binder skip code
 * codegen never reads; on a service class that is most of the file.
 *
 * Written here because nothing does this job: TypeScript's parser has no option to skip bodies,
 * and every other parser (SWC, esbuild, Babel) parses them too. It is a scanner, not a parser:
 * it reads tokens only where members are declared, and crosses every bracketed group (parameter
 * lists, decorator arguments, types, bodies) with `groupEnd`. A file it cannot follow yields
 * nothing. It may be wrong in rare code (a regular expression right after `)`), so it is never
 * trusted alone: `parseWithoutBodies` keeps its answer only when TypeScript's own parse of the
 * blanked text agrees with it.
 */
import {
  AMPERSAND,
  AT,
  BANG,
  BAR,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  COLON,
  COMMA,
  DOT,
  EQUALS,
  GREATER,
  isNamePart,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  QUESTION,
  SEMICOLON,
  STAR,
} from './sourceChars';
import { LostInSource, SourceTokens, TokenKind as Kind } from './SourceTokens';

/** Where one body's braces are: the offsets of its `{` and of its `}`. */
export interface BodyBraces {
  open: number;
  close: number;
}

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

/** The token reader and the member walk over one file's text. */
class BodyScanner extends SourceTokens {
  readonly bodies: BodyBraces[] = [];

  /** Walks the file's statements, recording the bodies of its top-level classes. */
  scan(): void {
    this.next();
    while (this.kind !== Kind.End) this.statement();
  }

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
      if (this.kind === Kind.End || this.is(SEMICOLON)) throw new LostInSource();
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
      if (this.kind === Kind.End) throw new LostInSource();
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
        throw new LostInSource();
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
    this.pastGroup(CLOSE_BRACE);
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
      if (this.kind === Kind.End) throw new LostInSource();
      if (this.is(OPEN_BRACE)) {
        if (!typeExpected) {
          if (returnType) return;
          throw new LostInSource();
        }
        this.skipToken();
        typeExpected = false;
      } else if (this.is(OPEN_PAREN) || this.is(OPEN_BRACKET)) {
        this.skipToken();
        typeExpected = false;
      } else if (this.is(CLOSE_PAREN) || this.is(CLOSE_BRACKET)) {
        throw new LostInSource();
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
      if (this.kind === Kind.End) throw new LostInSource();
      if (this.is(SEMICOLON)) return this.next();
      if (this.is(CLOSE_BRACE)) return;
      if (this.newline && !this.operandExpected()) {
        if (this.kind === Kind.Name && !this.named('in') && !this.named('instanceof')) return;
        if (this.kind === Kind.Literal || this.is(AT)) return;
      }
      this.skipToken();
    }
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
    if (error instanceof LostInSource || error instanceof RangeError) return [];
    throw error;
  }
  return scanner.bodies;
}
