/**
 * Finds the tools of a Nest application: every provider whose prototype declares `@Tool`
 * methods, found through Nest's `DiscoveryService` and `MetadataScanner`, is registered as
 * the DI-managed instance, so its tools use their injected dependencies. Runs in
 * `onModuleInit`, when every singleton exists, and also on first use of the registry before
 * that (a testing module that was compiled but not initialised). A provider that is a
 * `ToolContribution` (the SQL and search tools' modules provide one) adds its manifest's tools to
 * the registry's manifest and registers its instances.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { readTools } from '../metadata/reflection';
import type { ManifestTool, ToolManifest } from '../manifest/types';
import type { ToolRegistry } from '../registry/ToolRegistry';
import { ToolContribution } from './ToolContribution';

/** A provider as discovery describes it. */
type InstanceWrapper = ReturnType<DiscoveryService['getProviders']>[number];

/** Registers every singleton provider with `@Tool` methods into the module's `ToolRegistry`. */
@Injectable()
export class ToolwrightExplorer implements OnModuleInit {
  private registry?: ToolRegistry;
  /** The registry's manifest, which contributions add their tools to. */
  private manifest?: { tools: ManifestTool[] };
  private readonly registered = new Set<object>();
  private initialized = false;

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
  ) {}

  /** The registry to fill, and its own manifest copy (called by the registry's provider). */
  attach(registry: ToolRegistry, manifest?: ToolManifest): void {
    this.registry = registry;
    this.manifest = manifest;
  }

  /** True once Nest has run the module's init hook: every tool provider is registered. */
  get complete(): boolean {
    return this.initialized;
  }

  onModuleInit(): void {
    this.sync();
    this.initialized = true;
  }

  /** Registers the tool providers not registered yet. */
  sync(): void {
    if (!this.registry) return;
    const found: object[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.instance instanceof ToolContribution) {
        found.push(...this.contributed(wrapper.instance));
        continue;
      }
      const instance = this.toolInstance(wrapper);
      if (instance && !this.registered.has(instance)) {
        this.registered.add(instance);
        found.push(instance);
      }
    }
    if (found.length > 0) this.registry.register(...found);
  }

  /**
   * A contribution's instances not registered yet, its tools added to the registry's manifest;
   * none (with a warning) when the registry has no manifest to add them to.
   */
  private contributed(contribution: ToolContribution): object[] {
    if (this.registered.has(contribution)) return [];
    this.registered.add(contribution);
    if (!this.manifest) {
      // Apps that serve these tools apart (`SQL_REGISTRY`) and build their own registry without
      // a manifest keep working: said once, not thrown.
      const names = contribution.manifest.tools.map((tool) => tool.name).join(', ');
      new Logger('Toolwright').warn(
        `the prebuilt tools ${names} join the app's registry only when it is built from a manifest; give ToolwrightModule.forRoot({ manifest }) (codegen's output) to serve them with the app's tools`,
      );
      return [];
    }
    this.manifest.tools.push(...contribution.manifest.tools);
    return [...contribution.instances];
  }

  /** The provider's instance when it declares tools; throws for a tool provider that is not a singleton. */
  private toolInstance(wrapper: InstanceWrapper): object | undefined {
    const prototype = this.prototypeOf(wrapper);
    if (!prototype) return undefined;
    const tools = this.toolMethods(prototype);
    if (tools.length === 0) return undefined;
    const scope = wrapper.isTransient
      ? 'transient'
      : wrapper.isDependencyTreeStatic()
        ? undefined
        : 'request-scoped';
    if (scope) {
      throw new ToolDefinitionError(
        `${String(wrapper.name)} is ${scope} and declares tools (${tools.join(', ')}); toolwright registers ` +
          'one instance per application. Make it a default-scope (singleton) provider, and pass ' +
          "per-request data such as the current user as the agent's context (read it with @Ctx())",
      );
    }
    return wrapper.instance as object;
  }

  /** The prototype to scan: the instance's for singletons (factories too), the class's otherwise. */
  private prototypeOf(wrapper: InstanceWrapper): object | undefined {
    if (wrapper.isAlias) return undefined;
    const instance: unknown =
      wrapper.isDependencyTreeStatic() && !wrapper.isTransient ? wrapper.instance : undefined;
    if (instance && typeof instance === 'object') return Object.getPrototypeOf(instance) as object;
    const metatype = wrapper.metatype;
    if (typeof metatype === 'function' && !wrapper.inject) return metatype.prototype as object;
    return undefined;
  }

  /** The names of the prototype's methods that are `@Tool`s. */
  private toolMethods(prototype: object): string[] {
    const methods = new Set(this.scanner.getAllMethodNames(prototype));
    return readTools(prototype)
      .map((tool) => tool.methodName)
      .filter((name) => methods.has(name));
  }
}
