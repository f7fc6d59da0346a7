/**
 * The compiler host of codegen's cold programs: the system's, with the lib files served from
 * ts-morph's in-memory copies (see `libFiles`), and parsed source files kept in a cache the lean and the full
 * program of one run share (a file is parsed once whichever program asks). Lib files are
 * parsed the way `tsc` parses them when nothing asks for their documentation
 * (`JSDocParsingMode.ParseForTypeErrors`): codegen never describes a lib declaration, and
 * their JSDoc is most of their text. Project files are parsed as they are.
 */
import { ts } from '../typescript';
import { LIB_FOLDER, libFiles } from '../compiler/libFiles';

/** Source files by name and parse target, shared by the programs of one run. */
export type SourceFileCache = Map<string, ts.SourceFile>;

type SourceFileTarget = ts.ScriptTarget | ts.CreateSourceFileOptions;

/** The cache key of one parse: the file and what decides how it parses. */
function keyOf(file: string, target: SourceFileTarget): string {
  if (typeof target !== 'object') return `${file}\0${target}`;
  return `${file}\0${target.languageVersion}\0${target.impliedNodeFormat ?? ''}`;
}

/** The name of the lib file at `path` (as the program asks for it), if it is one. */
function libName(path: string): string | undefined {
  if (!path.startsWith(`${LIB_FOLDER}/`)) return undefined;
  const name = path.slice(LIB_FOLDER.length + 1);
  return libFiles().has(name) ? name : undefined;
}

/** The text of the lib file at `path`, if it is one. */
function libText(path: string): string | undefined {
  const name = libName(path);
  return name === undefined ? undefined : libFiles().text(name);
}

/** `target` with lib-style JSDoc parsing. */
function forLib(target: SourceFileTarget): ts.CreateSourceFileOptions {
  const options = typeof target === 'object' ? target : { languageVersion: target };
  return { ...options, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors };
}

/**
 * A compiler host for `options` that parses through `cache`.
 * @example
 * const cache: SourceFileCache = new Map();
 * ts.createProgram({ rootNames, options, host: codegenHost(options, cache) });
 */
export function codegenHost(options: ts.CompilerOptions, cache: SourceFileCache): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  const readSource = (file: string): string | undefined => {
    try {
      return readFile.call(host, file);
    } catch {
      return undefined; // the system's getSourceFile reports it
    }
  };
  const parse = (
    file: string,
    target: SourceFileTarget,
    rest: [((message: string) => void)?, boolean?],
  ): ts.SourceFile | undefined => {
    const lib = libText(file);
    if (lib !== undefined) return ts.createSourceFile(file, lib, forLib(target));
    const text = readSource(file);
    if (text !== undefined) return ts.createSourceFile(file, text, target);
    return getSourceFile.call(host, file, target, ...rest);
  };
  return Object.assign(host, {
    getDefaultLibLocation: () => LIB_FOLDER,
    getDefaultLibFileName: (libOptions: ts.CompilerOptions) =>
      `${LIB_FOLDER}/${ts.getDefaultLibFileName(libOptions)}`,
    fileExists: (file: string) => libName(file) !== undefined || fileExists.call(host, file),
    readFile: (file: string) => libText(file) ?? readFile.call(host, file),
    getSourceFile: (
      file: string,
      target: SourceFileTarget,
      ...rest: [((message: string) => void)?, boolean?]
    ) => {
      if (rest[1]) return parse(file, target, rest);
      const key = keyOf(file, target);
      let sourceFile = cache.get(key);
      if (!sourceFile) {
        sourceFile = parse(file, target, rest);
        if (sourceFile) cache.set(key, sourceFile);
      }
      return sourceFile;
    },
  } satisfies Partial<ts.CompilerHost>);
}
