/**
 * `toolwright/plugin`: codegen inside the user's own build, reading the tools from the program
 * the compiler has already built (one program instead of two) and writing the same manifest
 * `toolwright codegen` writes. One module for every host, as the Nest CLI looks plugins up
 * (`"plugins": ["toolwright"]` loads `toolwright/plugin`): `before` for its `tsc` builder,
 * `ReadonlyVisitor` for its SWC builder's type-check, and the default export for `ts-patch`.
 * @example
 * // nest-cli.json
 * { "compilerOptions": { "plugins": ["toolwright"] } }
 * // tsconfig.json, for tspc
 * { "compilerOptions": { "plugins": [{ "transform": "toolwright/plugin" }] } }
 */
// First: binds codegen's compiler module to the build's loaded `typescript` (see the file).
import './preferHostCompiler';
export { before } from './nestPlugin';
export { ReadonlyVisitor } from './ReadonlyVisitor';
export type { ReadonlyVisitorOptions } from './ReadonlyVisitor';
export type { ToolwrightPluginOptions } from './pluginOptions';
export type { TsPatchExtras } from './tspcTransformer';
export type { Compiler } from '../typescript';
export { tspcTransformer as default } from './tspcTransformer';
