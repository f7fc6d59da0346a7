import { ToolRegistry } from '../registry/ToolRegistry';
import { AuditWriter } from './__fixtures__/AuditWriter';
import { accessDenied } from './ToolCaller';
import type { ToolCaller } from './ToolCaller';

const callerWith = (...scopes: string[]): ToolCaller => ({ id: 'u', scopes, roles: [] });

describe('accessDenied', () => {
  const registry = new ToolRegistry().register(new AuditWriter());
  const options = registry.get('write_audit')?.options;

  it('keeps both scopes a registered tool declares', () => {
    expect(options?.scopes).toEqual(['audit:read', 'audit:write']);
  });

  it('refuses a caller holding only one of two scopes, naming the missing one', () => {
    expect(accessDenied(options, callerWith('audit:read'))).toBe(
      'it requires the scope "audit:write"',
    );
    expect(accessDenied(options, callerWith('audit:write', 'other'))).toBe(
      'it requires the scope "audit:read"',
    );
  });

  it('names every missing scope, and an unauthenticated caller', () => {
    expect(accessDenied(options, callerWith())).toBe(
      'it requires the scopes "audit:read", "audit:write"',
    );
    expect(accessDenied(options, undefined)).toBe(
      'it requires the scopes "audit:read", "audit:write" and the caller is not authenticated',
    );
  });

  it('lets a caller holding every scope through', () => {
    expect(accessDenied(options, callerWith('audit:write', 'audit:read'))).toBeUndefined();
  });

  it('asks one role of several, and every scope besides', () => {
    const both = { scopes: ['a', 'b'], roles: ['admin', 'auditor'] };
    expect(accessDenied(both, { scopes: ['a', 'b'], roles: ['auditor'] })).toBeUndefined();
    expect(accessDenied(both, { scopes: ['a'], roles: ['auditor'] })).toBe(
      'it requires the scope "b"',
    );
    expect(accessDenied(both, { scopes: ['a', 'b'], roles: [] })).toBe(
      'it requires the role "admin" or "auditor"',
    );
  });
});
