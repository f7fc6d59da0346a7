/**
 * Parses a TypeScript file for a cold codegen run without the member bodies no schema reads
 * (see `bodyScanner`): their text is blanked, line breaks kept, so every position, line and
 * column stays the file's own. The blanked parse is kept only when TypeScript's own parse of it
 * has no syntax error and finds exactly those bodies, each the body of a member that may be
 * blanked; otherwise the file is parsed as it is. A syntax error inside a blanked body is then
 * left to tsc, like every other error in a body whose signature states its type.
 */
import { ts } from '../typescript';
import { findBodies } from './bodyScanner';
import type { BodyBraces } from './bodyScanner';
import { unreadBodies } from './unreadBodies';

type SourceFileTarget = ts.ScriptTarget | ts.CreateSourceFileOptions;

/** Files the scanner reads: TypeScript sources, not declarations (no bodies) nor TSX. */
const SCANNED = /(?<!\.d)\.[cm]?ts$/;

const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;

/** Spaces for `text` from `from` to `to`, its line breaks kept. */
function spaces(text: string, from: number, to: number, parts: string[]): void {
  LINE_BREAK.lastIndex = from;
  for (
    let found = LINE_BREAK.exec(text);
    found && found.index < to;
    found = LINE_BREAK.exec(text)
  ) {
    parts.push(' '.repeat(found.index - from), found[0]);
    from = LINE_BREAK.lastIndex;
  }
  parts.push(' '.repeat(to - from));
}

/** `text` with the inside of each body replaced by spaces, its line breaks kept. */
function blanked(text: string, bodies: readonly BodyBraces[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const { open, close } of bodies) {
    parts.push(text.slice(from, open + 1));
    spaces(text, open + 1, close, parts);
    from = close;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** Whether each of `bodies` is, in `file`, the body of a member whose body codegen never reads. */
function agrees(file: ts.SourceFile, bodies: readonly BodyBraces[]): boolean {
  if ((file as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics?.length) return false;
  const unread = new Map(unreadBodies(file).map(({ open, close }) => [open, close]));
  return bodies.every(({ open, close }) => unread.get(open) === close);
}

/**
 * `text` parsed as `fileName`, without the member bodies codegen never reads when the file lets
 * that be done safely, else as it is.
 * @example
 * const file = parseWithoutBodies('/p/src/service.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022);
 */
export function parseWithoutBodies(
  fileName: string,
  text: string,
  target: SourceFileTarget,
): ts.SourceFile {
  const bodies = SCANNED.test(fileName) ? findBodies(text) : [];
  if (bodies.length) {
    const file = ts.createSourceFile(fileName, blanked(text, bodies), target);
    if (agrees(file, bodies)) return file;
  }
  return ts.createSourceFile(fileName, text, target);
}
