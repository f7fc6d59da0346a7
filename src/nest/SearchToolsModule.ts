/**
 * The document search tool as a Nest module: `SearchToolsModule.forRootAsync({ inject, useFactory })`
 * opens the store the configuration names (`source: () => SqliteSearchStore.open(...)`) and
 * contributes `search_documents` (`DocumentSearch`) to the app's `ToolwrightModule` registry,
 * with `scopes`/`roles` on it, closing the store on shutdown when it can be closed.
 */
import { ConfigurableModuleBuilder, Module } from '@nestjs/common';
import type {
  ConfigurableModuleAsyncOptions,
  ConfigurableModuleCls,
  DynamicModule,
  OnApplicationShutdown,
  Provider,
} from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import type { SearchBudget } from '../search/budget';
import { searchManifest } from '../search/searchManifest';
import { DocumentSearch } from '../search/SearchTools';
import type { SearchSource } from '../search/types';
import { SEARCH_TOOLS_OPTIONS } from './constants';
import { ToolContribution } from './ToolContribution';
import type { ContributedAccess } from './ToolContribution';

/** What `SearchToolsModule.forRoot` takes (and `forRootAsync`'s factory returns). */
export interface SearchToolsModuleOptions extends ContributedAccess {
  /** Opens the documents' store: `() => SqliteSearchStore.open({ file })`, or any `SearchSource`. */
  source: () => SearchSource | Promise<SearchSource>;
  /** How much of the hits the tool sends the model (`maxResultChars`, `maxTotalChars`). */
  budget?: SearchBudget;
}

/** What `SearchToolsModule.forRootAsync` takes: `useFactory` (with `inject`), `useClass` or `useExisting`, and `imports`. */
export type SearchToolsModuleAsyncOptions = ConfigurableModuleAsyncOptions<
  SearchToolsModuleOptions,
  'createSearchToolsOptions'
>;

const ConfigurableSearchToolsModule: ConfigurableModuleCls<
  SearchToolsModuleOptions,
  'forRoot',
  'createSearchToolsOptions'
> = new ConfigurableModuleBuilder<SearchToolsModuleOptions>({
  optionsInjectionToken: SEARCH_TOOLS_OPTIONS,
})
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSearchToolsOptions')
  .build().ConfigurableModuleClass;

/** The store, kept so the module can close it on shutdown. */
const SOURCE = Symbol('toolwright:search-source');

/** The search tool as a contribution to the app's registry. */
const CONTRIBUTION = Symbol('toolwright:search-tools-contribution');

/** Closes the store on shutdown, when it has a `close()`. */
class SearchSourceCloser implements OnApplicationShutdown {
  constructor(private readonly source: SearchSource) {}
  async onApplicationShutdown(): Promise<void> {
    await (this.source as { close?: () => unknown }).close?.();
  }
}

/** The manifest entries of `DocumentSearch` alone. */
const documentManifest = {
  ...searchManifest,
  tools: searchManifest.tools.filter((tool) => tool.target.class === DocumentSearch.name),
};

const providers: Provider[] = [
  {
    provide: SOURCE,
    useFactory: (options: SearchToolsModuleOptions) => options.source(),
    inject: [SEARCH_TOOLS_OPTIONS],
  },
  {
    provide: CONTRIBUTION,
    useFactory: (options: SearchToolsModuleOptions, source: SearchSource) =>
      new ToolContribution(documentManifest, [new DocumentSearch(source, options.budget)], {
        scopes: options.scopes,
        roles: options.roles,
      }),
    inject: [SEARCH_TOOLS_OPTIONS, SOURCE],
  },
  {
    provide: SearchSourceCloser,
    useFactory: (source: SearchSource) => new SearchSourceCloser(source),
    inject: [SOURCE],
  },
];

/**
 * Contributes `search_documents` over the configured store to the app's registry.
 * @example
 * SearchToolsModule.forRootAsync({
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({
 *     source: () => SqliteSearchStore.open({ file: config.get('DOCS_DB') }),
 *     scopes: ['docs:read'],
 *   }),
 * })
 */
@Module({})
export class SearchToolsModule {
  /** Static options. */
  static forRoot(options: SearchToolsModuleOptions): DynamicModule {
    return withSearch(ConfigurableSearchToolsModule.forRoot(options));
  }

  /** Options from a factory with injected dependencies (`useFactory` + `inject`, `useClass`, `useExisting`). */
  static forRootAsync(options: SearchToolsModuleAsyncOptions): DynamicModule {
    return withSearch(ConfigurableSearchToolsModule.forRootAsync(options));
  }
}

function withSearch(definition: DynamicModule): DynamicModule {
  return {
    ...definition,
    module: SearchToolsModule,
    providers: [...(definition.providers ?? []), ...providers],
  };
}
