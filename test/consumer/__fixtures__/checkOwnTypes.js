// `node checkOwnTypes.js <tsconfig.json>`: compiles a consumer project as `tsc -p` does (the
// same compiler, options and program; it emits unless noEmit), but reports the errors of the
// files that are not a third party's: the consumer's own sources and `node_modules/toolwright`'s
// declarations, each checked in full with `skipLibCheck` off. Every other package's declarations
// are read, and checked as far as those files use them, but not checked whole: their own errors
// are that package's (the MCP SDK's `.d.ts` name DOM types such as `HeadersInit`), and checking
// all 1,500 files of a consumer of every entry point cost each check about five times the CPU.
// Prints the errors as `tsc` prints them to a pipe (`file(line,col): error TSnnnn: ...`) and
// exits 2 when there are any, 0 when none.
const ts = require('typescript');

/** A file of the consumer's or toolwright's, not another package's. */
const isOwn = (file) =>
  !/[\\/]node_modules[\\/]/.test(file) || /[\\/]node_modules[\\/]toolwright[\\/]/.test(file);

function main(tsconfig) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
  ];
  for (const file of program.getSourceFiles().filter((source) => isOwn(source.fileName)))
    diagnostics.push(
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    );
  if (!parsed.options.noEmit) diagnostics.push(...program.emit().diagnostics);
  const host = {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  };
  process.stdout.write(ts.formatDiagnostics(diagnostics, host));
  process.exitCode = diagnostics.length > 0 ? 2 : 0;
}

main(process.argv[2]);
