/**
 * The document search tool as a Nest module: `SearchToolsModule.forRootAsync({ inject, useFactory })`
 * opens the store the configuration names (`source: () => SqliteSearchStore.open(...)`) and
 * contributes `search_documents` (`DocumentSearch`) to the app's `ToolwrightModule` registry,
 * with `scopes`/`roles` on it, closing the store on shutdown when it can be closed.
 */
import { Module } from '@nestjs/common';
import type { ConfigurableModuleAsyncOptions, DynamicModule } from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import type { SearchBudget } from '../search/budget';
import { searchManifest } from '../search/searchManifest';
import { DocumentSearch } from '../search/SearchTools';
import type { SearchSource } from '../search/types';
import { SEARCH_TOOLS_OPTIONS } from './constants';
import { prebuiltToolsModule } from './prebuiltToolsModule';
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

/** The manifest entries of `DocumentSearch` alone. */
const documentManifest = {
  ...searchManifest,
  tools: searchManifest.tools.filter((tool) => tool.target.class === DocumentSearch.name),
};

/** The store opened from the options, closed on shutdown when it can be; the tool over it. */
const search = prebuiltToolsModule({
  name: 'search',
  optionsToken: SEARCH_TOOLS_OPTIONS,
  factoryMethodName: 'createSearchToolsOptions',
  open: (options: SearchToolsModuleOptions) => options.source(),
  close: (source: SearchSource) => (source as { close?: () => unknown }).close?.(),
  contribute: (options, source) =>
    new ToolContribution(documentManifest, [new DocumentSearch(source, options.budget)], {
      scopes: options.scopes,
      roles: options.roles,
    }),
});

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
    return search.complete(search.Configurable.forRoot(options), SearchToolsModule);
  }

  /** Options from a factory with injected dependencies (`useFactory` + `inject`, `useClass`, `useExisting`). */
  static forRootAsync(options: SearchToolsModuleAsyncOptions): DynamicModule {
    return search.complete(search.Configurable.forRootAsync(options), SearchToolsModule);
  }
}
