/**
 * Which method bodies codegen never reads, in one place: in the classes a file declares at its
 * top level, the bodies of constructors and setters, and of methods and getters whose signature
 * states a return type. A one-shot run does not even parse them (`parseWithoutBodies`), and
 * neither path reports their errors (`typeScriptErrors`): those are tsc's, so the one-shot run
 * and `--watch` agree on every file.
 */
import { ts } from '../typescript';

/** Whether codegen never reads `member`'s body (when it has one). */
export function isUnreadBody(member: ts.ClassElement): boolean {
  if (ts.isConstructorDeclaration(member) || ts.isSetAccessorDeclaration(member)) return true;
  return (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member)) && !!member.type;
}

/**
 * The bodies of `file` codegen never reads.
 * @example
 * for (const body of unreadBodies(file)) console.log(body.getStart(file), body.end);
 */
export function unreadBodies(file: ts.SourceFile): ts.Block[] {
  const out: ts.Block[] = [];
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    for (const member of statement.members) {
      const body = (member as ts.FunctionLikeDeclaration).body;
      if (body && ts.isBlock(body) && isUnreadBody(member)) out.push(body);
    }
  }
  return out;
}
