/**
 * What both guarantee matrix suites (the in-process rows and the worker rows) drive their cells
 * with: the two callers, what an entry point answered, the approval hook that notes what it is
 * asked, and the assertions a column makes of every row alike.
 */
import type { ToolCaller } from '../../calls/ToolCaller';
import type { MatrixRun } from './MatrixService';

/** A caller with the audit scope, and one without any. */
export const ALICE: ToolCaller = { id: 'alice', scopes: ['audit:read'], roles: [] };
export const BOB: ToolCaller = { id: 'bob', scopes: [], roles: [] };

/** The caller a bearer token names (the token is the caller's id), or undefined. */
export const callerOfToken = (token: string | undefined): ToolCaller | undefined =>
  [ALICE, BOB].find((known) => known.id === token);

/** What the model (or the client) got for one call: whether it ran, and the text. */
export interface Answer {
  ok: boolean;
  text: string;
  /** The tools the model (or client) was shown, where the entry point lists them itself. */
  listed?: string[];
}

/** An answer, and what reached the methods meanwhile. */
export type Driven = Answer & { ran: MatrixRun[] };

/** The text of a tool result's content (a string, or text blocks). */
export const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : (content as { text?: string }[]).map((block) => block.text ?? '').join('\n');

/** The calls an approval hook (the app's, the MCP endpoint's) was asked about in a cell. */
export const asked: { name: string; input: unknown }[] = [];

/** An approval hook answering `approve`, noting each call it is asked about in `asked`. */
export const hookAnswering =
  <T>(approve: T) =>
  ({ name, input }: { name: string; input: unknown }): T => {
    asked.push({ name, input });
    return approve;
  };

/** Invalid input (`qty: 'many'`) refused naming its path, the method not reached. */
export function expectInvalidRefused(answer: Driven): void {
  expect(answer).toMatchObject({ ok: false, ran: [] });
  expect(answer.text).toContain('qty');
}

/** Invalid input to a tool needing approval refused before the (approving) hook was asked. */
export function expectRefusedUnasked(answer: Driven): void {
  expect(answer).toMatchObject({ ok: false, ran: [] });
  expect(answer.text).toContain('orderId');
  expect(asked).toEqual([]);
}

/** An unknown tool (`launch_rockets`) refused by name, nothing run. */
export function expectUnknownRefused(answer: Driven): void {
  expect(answer).toMatchObject({ ok: false, ran: [] });
  expect(answer.text).toContain('launch_rockets');
}

/**
 * The same refusal for bob: the tools it names are those he may use, so not `read_audit`, which
 * his tool list leaves out too.
 */
export function expectUnknownRefusedNamingOnlyHis(answer: Driven): void {
  expectUnknownRefused(answer);
  expect(answer.text).toMatch(/Available tools/);
  expect(answer.text).not.toContain('read_audit');
}

/** `read_audit` ran as alice, who was shown it where the entry point lists the tools. */
export function expectRanAsAlice(answer: Driven): void {
  expect(answer).toMatchObject({ ok: true, ran: [{ tool: 'read_audit', caller: 'alice' }] });
  expect(answer.text).toContain('audit of mon for alice');
  if (answer.listed) expect(answer.listed).toContain('read_audit');
}

/** A thrown error reached the model as its message only (`service`: the class that threw). */
export function expectNoStack(answer: Driven, service: string): void {
  expect(answer.ok).toBe(false);
  expect(answer.text).toContain('the customer service is down');
  for (const leak of [service, '.ts:', '    at ', 'Error: the customer'])
    expect(answer.text).not.toContain(leak);
}

/** The result shaped to the declared `Summary`: the undeclared `internal_cost` dropped. */
export function expectShaped(answer: Driven): void {
  expect(answer.ok).toBe(true);
  expect(answer.text).not.toContain('internal_cost');
  expect(JSON.parse(answer.text)).toEqual({ id: 'o1', total: 42 });
}
