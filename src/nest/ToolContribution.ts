/**
 * Tools a module contributes to the app's `ToolwrightModule` registry: prebuilt tool instances
 * (the SQL tools, the search tools) with the manifest they are registered by, and who may call
 * them. `ToolwrightExplorer` finds every provider that is a `ToolContribution`, as it finds the
 * app's `@Tool` providers, adds its manifest's tools to the registry's manifest and registers
 * its instances, so the app's tools and the prebuilt ones are served from one registry.
 */
import { applyAccess, checkAccess } from '../registry/withAccess';
import type { ToolManifest } from '../manifest/types';

/** Who may call contributed tools: every one of `scopes`, and one of `roles`, as on `@Tool`. */
export interface ContributedAccess {
  /** OAuth scopes the caller must hold, every one of them. */
  scopes?: readonly string[];
  /** Roles of which the caller must hold at least one. */
  roles?: readonly string[];
}

/**
 * Prebuilt tools for the app's registry.
 * @example
 * { provide: DOCS_TOOLS, useFactory: () => new ToolContribution(searchManifest, [new DocumentSearch(store)], { scopes: ['docs:read'] }) }
 */
export class ToolContribution {
  /** The contributed tools' manifest entries, each carrying `access`. */
  readonly manifest: ToolManifest;

  constructor(
    manifest: ToolManifest,
    /** The instances whose `@Tool` methods are the tools. */
    readonly instances: readonly object[],
    access: ContributedAccess = {},
  ) {
    this.manifest = applyAccess(manifest, checkAccess(access, ' of the contributed tools'));
  }
}
