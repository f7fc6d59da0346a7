/**
 * Finds the tools of a Nest application: every provider whose prototype declares `@Tool`
 * methods, found through Nest's `DiscoveryService` and `MetadataScanner`, is registered as
 * the DI-managed instance, so its tools use their injected dependencies. Runs in
 * `onModuleInit`, when every singleton exists.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { readTools } from '../metadata/reflection';
import { ToolRegistry } from '../registry/ToolRegistry';

/** A provider as discovery describes it. */
type InstanceWrapper = ReturnType<DiscoveryService['getProviders']>[number];

/** Registers every singleton provider with `@Tool` methods into the module's `ToolRegistry`. */
@Injectable()
export class ToolwrightExplorer implements OnModuleInit {
  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
    @Inject(ToolRegistry) private readonly registry: ToolRegistry,
  ) {}

  onModuleInit(): void {
    const seen = new Set<object>();
    const instances: object[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = this.toolInstance(wrapper);
      if (instance && !seen.has(instance)) {
        seen.add(instance);
        instances.push(instance);
      }
    }
    if (instances.length > 0) this.registry.register(...instances);
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
          "per-request data such as the current user as the agent's state (read it with @Ctx())",
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
