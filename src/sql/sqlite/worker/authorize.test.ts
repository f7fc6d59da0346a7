/**
 * `authorize` as a pure function: hidden columns matched without case, the readable-tables rule
 * for the model's own prepare (not for a virtual table's statements while it steps), the search
 * functions refused beside a hidden full-text column, and trusted schema changes noticed.
 */
import { authorize } from './authorize';
import type { AuthorizerState } from './authorize';
import type { ReadableTables } from './readableTables';

const OK = 0;
const DENY = 1;
const IGNORE = 2;
const READ = 20;
const FUNCTION = 31;
const CREATE_TABLE = 2;

const readable: ReadableTables = {
  tables: new Set(['users', 'notes']),
  unreadable: new Set(['notes_content', 'sqlite_dbpage']),
  searchable: new Map([['notes', { searchColumns: new Set(['notes', 'rank']), hidden: ['body'] }]]),
  searchFunctionsRefused: true,
};

function state(overrides: Partial<AuthorizerState> = {}): AuthorizerState {
  return {
    policy: 'read',
    pragmas: new Set(),
    hidden: new Map([['users', new Set(['password_hash'])]]),
    ignored: new Set(),
    preparing: true,
    readable,
    ...overrides,
  };
}

describe('authorize', () => {
  it('reads a hidden column as NULL whatever the case of the table and column names', () => {
    const s = state();
    expect(authorize(s, READ, 'Users', 'Password_Hash')).toBe(IGNORE);
    expect(authorize(s, READ, 'USERS', 'PASSWORD_HASH')).toBe(IGNORE);
    expect(authorize(s, READ, 'users', 'name')).toBe(OK);
    expect([...s.ignored]).toEqual(['password_hash']);
  });

  it('refuses a table outside the schema’s own while the statement is prepared', () => {
    const s = state();
    expect(authorize(s, READ, 'sqlite_dbpage', 'data')).toBe(DENY);
    expect(s.refusal).toMatch(/^sqlite_dbpage cannot be read/);
    expect(authorize(state(), READ, 'notes_content', '')).toBe(DENY);
    expect(authorize(state(), READ, 'dbstat', 'name')).toBe(DENY);
    // A CTE's name reads as a table without columns.
    expect(authorize(state(), READ, 'c', '')).toBe(OK);
  });

  it('lets a virtual table read its shadow tables while the statement steps', () => {
    expect(authorize(state({ preparing: false }), READ, 'notes_content', 'c1')).toBe(OK);
  });

  it('refuses searching a full-text table with a hidden column as a whole, and its functions', () => {
    const s = state();
    expect(authorize(s, READ, 'notes', 'notes')).toBe(DENY);
    expect(s.refusal).toMatch(/^searching all of notes .* its column body is hidden/);
    expect(authorize(state(), READ, 'notes', 'title')).toBe(OK);
    expect(authorize(state(), FUNCTION, null, 'highlight')).toBe(DENY);
    expect(authorize(state(), FUNCTION, null, 'upper')).toBe(OK);
  });

  it('notices a trusted statement changing the schema, and lets it', () => {
    const s = state({ policy: 'trusted' });
    expect(authorize(s, CREATE_TABLE, 't', null)).toBe(OK);
    expect(s.schemaChanged).toBe(true);
    expect(authorize(state(), CREATE_TABLE, 't', null)).toBe(DENY);
  });
});
