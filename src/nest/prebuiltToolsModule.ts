/**
 * The shape both prebuilt tools' Nest modules share (`SqlToolsModule`, `SearchToolsModule`):
 * options through Nest's `ConfigurableModuleBuilder` (`forRoot`, `forRootAsync`), a resource
 * opened from them (the SQL engine, the search store) and closed on shutdown, and the tools over
 * it contributed to the app's registry (a `ToolContribution`), with any other provider over the
 * options and the resource. Each module keeps its own class and names; this builds the rest.
 */
import { ConfigurableModuleBuilder } from '@nestjs/common';
import type {
  ConfigurableModuleCls,
  DynamicModule,
  OnApplicationShutdown,
  Provider,
  Type,
} from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import type { ToolContribution } from './ToolContribution';

/** A provider built from the options and the opened resource. */
export interface ResourceProvider<Options, Resource> {
  provide: symbol;
  useFactory: (options: Options, resource: Resource) => unknown;
}

/** What a module of prebuilt tools says about itself. */
export interface PrebuiltToolsSpec<Options, Resource, Factory extends string> {
  /** What it is called in its providers' tokens (`toolwright:<name>-…`). */
  name: string;
  /** The options' injection token. */
  optionsToken: symbol;
  /** The name of `useClass` options factories' method (`createSqlToolsOptions`). */
  factoryMethodName: Factory;
  /** Opens the resource the tools run over. */
  open(options: Options): unknown;
  /** Closes it when the application shuts down. */
  close(resource: Resource): unknown;
  /** The tools over it, for the app's registry. */
  contribute(options: Options, resource: Resource): ToolContribution;
  /** Other providers over the options and the resource (exported). */
  providers?: readonly ResourceProvider<Options, Resource>[];
}

/** Calls `close` when the application shuts down. */
class ResourceCloser implements OnApplicationShutdown {
  constructor(private readonly close: () => unknown) {}
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

/** The options module a prebuilt tools module builds on, and what completes its definitions. */
export interface PrebuiltToolsModule<Options, Factory extends string> {
  /** `forRoot` and `forRootAsync` as the builder makes them. */
  Configurable: ConfigurableModuleCls<Options, 'forRoot', Factory>;
  /** The builder's definition as `module`'s: its providers added, the extra ones exported. */
  complete(definition: DynamicModule, module: Type): DynamicModule;
}

/**
 * The options module and the providers of a module of prebuilt tools.
 * @example
 * const search = prebuiltToolsModule({ name: 'search', optionsToken, factoryMethodName: 'createSearchToolsOptions', open, close, contribute });
 * static forRoot(options) { return search.complete(search.Configurable.forRoot(options), SearchToolsModule); }
 */
export function prebuiltToolsModule<Options, Resource, Factory extends string>(
  spec: PrebuiltToolsSpec<Options, Resource, Factory>,
): PrebuiltToolsModule<Options, Factory> {
  const Configurable = new ConfigurableModuleBuilder<Options>({
    optionsInjectionToken: spec.optionsToken,
  })
    .setClassMethodName('forRoot')
    .setFactoryMethodName(spec.factoryMethodName)
    .build().ConfigurableModuleClass as ConfigurableModuleCls<Options, 'forRoot', Factory>;
  const resource = Symbol(`toolwright:${spec.name}-resource`);
  const withResource = (useFactory: (options: Options, opened: Resource) => unknown) => ({
    useFactory,
    inject: [spec.optionsToken, resource],
  });
  const extra = spec.providers ?? [];
  const providers: Provider[] = [
    { provide: resource, useFactory: spec.open, inject: [spec.optionsToken] },
    ...extra.map(({ provide, useFactory }) => ({ provide, ...withResource(useFactory) })),
    {
      provide: Symbol(`toolwright:${spec.name}-tools-contribution`),
      ...withResource(spec.contribute),
    },
    {
      provide: Symbol(`toolwright:${spec.name}-closer`),
      useFactory: (opened: Resource) => new ResourceCloser(() => spec.close(opened)),
      inject: [resource],
    },
  ];
  const exported = extra.map(({ provide }) => provide);
  return {
    Configurable,
    complete: (definition, module) => ({
      ...definition,
      module,
      providers: [...(definition.providers ?? []), ...providers],
      ...(exported.length ? { exports: [...(definition.exports ?? []), ...exported] } : {}),
    }),
  };
}
