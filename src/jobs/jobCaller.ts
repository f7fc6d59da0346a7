/**
 * The caller a job carries to its worker: who called (`ctx.caller`) crosses the queue as JSON,
 * so a long-running tool reads the same caller on the worker as it would in the API process.
 * The claims go as JSON too; claims that are not JSON (a user object with cycles) stay behind.
 */
import type { ToolCaller } from '../calls/ToolCaller';

/** `caller` as plain JSON for a job: its id, scopes and roles, and its claims when they are JSON. */
export function jobCaller(caller: ToolCaller): ToolCaller {
  const plain: ToolCaller = { scopes: [...caller.scopes], roles: [...caller.roles] };
  if (caller.id !== undefined) plain.id = caller.id;
  const claims = jsonClaims(caller.claims);
  if (claims !== undefined) plain.claims = claims;
  return plain;
}

/** The claims through JSON, or undefined when there are none or they are not JSON. */
function jsonClaims(claims: ToolCaller['claims']): Readonly<Record<string, unknown>> | undefined {
  if (claims === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(claims)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
