/**
 * `toolwright/codegen`: the build step as a library. `runCodegen` is pure (a loaded project in,
 * manifest and diagnostics out); rendering and diffing are separate so tools can write the
 * manifest wherever they like.
 * @example
 * import { loadProject, runCodegen, renderManifest } from 'toolwright/codegen';
 * const { manifest, diagnostics } = runCodegen(loadProject('tsconfig.json'));
 * fs.writeFileSync('src/tools.manifest.ts', renderManifest(manifest, 'src/tools.manifest.ts'));
 */
export { runCodegen } from './runCodegen';
export { CodegenSession } from './CodegenSession';
export type { CodegenOptions } from './manifestPaths';
export type { CodegenResult } from './assembleManifest';
export { loadProject } from './collect/loadProject';
export { DIAGNOSTIC_CODES } from './diagnostics';
export type { CodegenDiagnostic, DiagnosticCode, DiagnosticSeverity } from './diagnostics';
export { renderManifest, renderManifestJson, renderManifestModule } from './emit/renderManifest';
export type { ManifestFormat } from './emit/renderManifest';
export { diffManifests, formatDiff } from './emit/diffManifests';
export type { ManifestDiff } from './emit/diffManifests';
export { formatDiagnostic } from './emit/formatDiagnostic';
export { buildToolIndex } from './toolIndex/buildToolIndex';
export type { SourceReader } from './toolIndex/searchTagsOf';
