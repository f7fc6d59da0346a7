/**
 * The layer check (`npm run lint`): a folder of src/ or codegen/ only looks down, so no two
 * folders import each other, directly or through others (type-only imports included, since a
 * type that two layers share belongs to the lower one). dependency-cruiser's folder scope
 * collapses each module to its folder before it looks for cycles; a second rule looks for
 * cycles between modules, which a cycle inside one folder never shows at folder scope.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment:
        'Two folders import each other: move what both need to the lower one (a leaf module of types, say).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Two modules import each other, directly or through others: move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.test\\.ts$', '__fixtures__', '^node_modules'] },
    doNotFollow: { path: 'node_modules' },
  },
};
