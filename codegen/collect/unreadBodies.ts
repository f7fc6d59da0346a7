/**
 * Which method bodies codegen never reads, in one place: in the classes a file declares at its
 * top level, the bodies of constructors and setters, and of methods and getters whose signature
 * states a return type. No path reports their errors (`typeScriptErrors`): those are tsc's, so
 * the one-shot run, `--watch` and the compiler plugin agree on every file.
 */
import { ts } from '../typescript';

/** Where one body is: the offsets of its `{` and its `}`. */
export interface BodyBraces {
  open: number;
  close: number;
}

/** Whether codegen never reads `member`'s body (when it has one). */
function isUnreadBody(member: ts.ClassElement): boolean {
  if (ts.isConstructorDeclaration(member) || ts.isSetAccessorDeclaration(member)) return true;
  return (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member)) && !!member.type;
}

/**
 * Where the bodies of `file` codegen never reads are: the offsets of each one's braces.
 * @example
 * for (const { open, close } of unreadBodies(file)) console.log(file.text.slice(open, close + 1));
 */
export function unreadBodies(file: ts.SourceFile): BodyBraces[] {
  const out: BodyBraces[] = [];
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    for (const member of statement.members) {
      const body = (member as ts.FunctionLikeDeclaration).body;
      if (body && ts.isBlock(body) && isUnreadBody(member))
        out.push({ open: body.getStart(file), close: body.end - 1 });
    }
  }
  return out;
}
