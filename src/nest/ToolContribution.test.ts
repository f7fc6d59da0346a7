/**
 * The prebuilt tools' modules beside `ToolwrightModule`: what a wrong configuration is told
 * (no app manifest to join: a warning; scopes that are not a list of strings: an error), in a
 * real testing module.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ToolRegistry } from '../registry/ToolRegistry';
import { MemorySearchStore } from '../search/MemorySearchStore';
import { searchManifest } from '../search/searchManifest';
import { SearchToolsModule } from './SearchToolsModule';
import { ToolwrightModule } from './ToolwrightModule';

/** Compiles and initialises an app of `imports`; resolves with the error of either, if any. */
async function initError(imports: Parameters<typeof Test.createTestingModule>[0]['imports']) {
  let moduleRef: Awaited<ReturnType<ReturnType<typeof Test.createTestingModule>['compile']>>;
  try {
    moduleRef = await Test.createTestingModule({ imports }).compile();
  } catch (error) {
    return error as Error;
  }
  try {
    await moduleRef.init();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    await moduleRef.close().catch(() => undefined);
  }
}

it('warns, and leaves the search tool out, when the app registry has no manifest to join', async () => {
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ToolwrightModule.forRoot({}),
        SearchToolsModule.forRoot({ source: () => new MemorySearchStore() }),
      ],
    }).compile();
    await moduleRef.init();
    expect(moduleRef.get(ToolRegistry).get('search_documents')).toBeUndefined();
    expect(warn.mock.calls.map(([message]) => String(message))).toContainEqual(
      expect.stringMatching(
        /the prebuilt tools search_documents join the app's registry only when it is built from a manifest; give ToolwrightModule\.forRoot\(\{ manifest \}\)/,
      ),
    );
    await moduleRef.close();
  } finally {
    warn.mockRestore();
  }
});

it('names scopes that are not a list of strings', async () => {
  const error = await initError([
    ToolwrightModule.forRoot({ manifest: { version: 1, tools: [] } }),
    SearchToolsModule.forRoot({
      source: () => new MemorySearchStore(),
      scopes: 'docs:read' as unknown as string[],
    }),
  ]);
  expect(error?.message).toContain('scopes of the contributed tools must be an array');
});

it('lists search_documents with its scope beside an app manifest', async () => {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ToolwrightModule.forRoot({ manifest: { ...searchManifest, tools: [] } }),
      SearchToolsModule.forRoot({ source: () => new MemorySearchStore(), scopes: ['docs:read'] }),
    ],
  }).compile();
  await moduleRef.init();
  const tool = moduleRef.get(ToolRegistry).get('search_documents');
  expect(tool?.options.scopes).toEqual(['docs:read']);
  await moduleRef.close();
});
