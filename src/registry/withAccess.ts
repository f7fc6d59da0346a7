/**
 * Who may call the tools of a manifest you did not write (the prebuilt SQL and search tools):
 * a copy of the manifest whose tools carry `scopes` and `roles` as if their `@Tool` declared
 * them, so the MCP endpoints and the call pipeline list and refuse them like any scoped tool.
 * Its own file: the one place a shipped manifest's tools get access rules.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ToolManifest } from '../manifest/types';

/** The access rule of a tool: every one of `scopes`, and one of `roles`, as on `@Tool`. */
export interface ToolAccess {
  /** OAuth scopes the caller must hold, every one of them. */
  scopes?: readonly string[];
  /** Roles of which the caller must hold at least one. */
  roles?: readonly string[];
}

/** An access rule checked: its lists, copied. */
export interface CheckedAccess {
  scopes?: string[];
  roles?: string[];
}

/** The list as `@Tool` takes it, or a `ToolDefinitionError` naming what is wrong with it. */
function listOf(key: 'scopes' | 'roles', value: unknown, of: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ok =
    Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);
  if (!ok) {
    throw new ToolDefinitionError(
      `${key}${of} must be an array of non-empty strings (got ${JSON.stringify(value) ?? String(value)}); write e.g. ${key}: ['${key === 'scopes' ? 'db:read' : 'analyst'}']`,
    );
  }
  return [...(value as string[])];
}

/**
 * `access` checked as `@Tool` checks it (`of`: whose, in the error, e.g. ` of the contributed tools`).
 * @example
 * const checked = checkAccess({ scopes: ['docs:read'] }); // { scopes: ['docs:read'] }
 */
export function checkAccess(access: ToolAccess, of = ''): CheckedAccess {
  const scopes = listOf('scopes', access.scopes, of);
  const roles = listOf('roles', access.roles, of);
  return { ...(scopes ? { scopes } : {}), ...(roles ? { roles } : {}) };
}

/**
 * `manifest` with checked `access` on each tool (on those named in `tools`, when given); the
 * manifest itself when the rule is empty.
 * @example
 * const guarded = applyAccess(manifest, checkAccess({ roles: ['analyst'] }));
 */
export function applyAccess(
  manifest: ToolManifest,
  { scopes, roles }: CheckedAccess,
  tools?: readonly string[],
): ToolManifest {
  if (!scopes?.length && !roles?.length) return manifest;
  return {
    ...manifest,
    tools: manifest.tools.map((tool) =>
      tools && !tools.includes(tool.name)
        ? tool
        : {
            ...tool,
            options: {
              ...tool.options,
              ...(scopes?.length ? { scopes } : {}),
              ...(roles?.length ? { roles } : {}),
            },
          },
    ),
  };
}

/**
 * `manifest` with `access` on each tool (on those named in `tools`, when given).
 * @example
 * new ToolRegistry({ manifest: withAccess(searchManifest, { scopes: ['docs:read'] }) });
 */
export function withAccess(
  manifest: ToolManifest,
  access: ToolAccess,
  tools?: readonly string[],
): ToolManifest {
  const checked = checkAccess(access);
  const unknown = tools?.filter((name) => !manifest.tools.some((tool) => tool.name === name));
  if (unknown?.length) {
    throw new ToolDefinitionError(
      `withAccess: the manifest has no tool ${unknown.map((n) => JSON.stringify(n)).join(', ')}; its tools are ${manifest.tools.map((t) => t.name).join(', ')}`,
    );
  }
  return applyAccess(manifest, checked, tools);
}
