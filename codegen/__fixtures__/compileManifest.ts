/**
 * Test helper: type-checks a rendered manifest module as a user's build would, against the real
 * `ToolManifest` (`toolwright` resolves to `src/manifest/types.ts`), and returns TypeScript's
 * errors. The parsed lib and source files are kept across calls, so each check costs one small
 * program; `generate` (inlineProject) runs it on every manifest a codegen test produces.
 */
import { join } from 'node:path';
import ts from 'typescript';

const REPO = join(__dirname, '..', '..');
const MANIFEST = join(REPO, 'codegen', '__generated__', 'tools.manifest.ts').split('\\').join('/');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  strict: true,
  noEmit: true,
  isolatedModules: true,
  lib: ['lib.es2022.d.ts'],
  types: [],
  baseUrl: REPO,
  paths: { toolwright: ['src/manifest/types.ts'] },
};

const parsed = new Map<string, ts.SourceFile | undefined>();
const baseHost = ts.createCompilerHost(OPTIONS);
let previous: ts.Program | undefined;

/** TypeScript's errors in `text` as a manifest module (`file:line TScode: message`), or none. */
export function manifestTypeErrors(text: string): string[] {
  const manifest = ts.createSourceFile(MANIFEST, text, ts.ScriptTarget.ES2022, true);
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (file) => file === MANIFEST || baseHost.fileExists(file),
    readFile: (file) => (file === MANIFEST ? text : baseHost.readFile(file)),
    getSourceFile: (file, language) => {
      if (file === MANIFEST) return manifest;
      if (!parsed.has(file)) parsed.set(file, baseHost.getSourceFile(file, language));
      return parsed.get(file);
    },
  };
  const program = ts.createProgram({
    rootNames: [MANIFEST],
    options: OPTIONS,
    host,
    ...(previous && { oldProgram: previous }),
  });
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return `TS${d.code}: ${message}`;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.slice(REPO.length + 1)}:${line + 1} TS${d.code}: ${message}`;
  });
}
