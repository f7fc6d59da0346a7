/**
 * Test helper: a project on disk (in the OS temp directory) with a fake `toolwright` package in
 * `node_modules` — copied, or symlinked from elsewhere like `npm link` — for CLI tests that
 * need real files, real paths and real edits.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLASS_VALIDATOR, TOOLWRIGHT_DECORATORS } from './inlineProject';
import type { CliIo } from '../cli/io';
import { main } from '../cli';

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'commonjs',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['src'],
};

/** Writes `files` (relative paths) under `root`. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A temp project; `linked` installs toolwright as a symlink to a directory outside the project. */
export function tempProject(
  files: Record<string, string>,
  options: { linked?: boolean } = {},
): {
  root: string;
  cleanup: () => void;
} {
  const base = mkdtempSync(join(tmpdir(), 'toolwright-codegen-'));
  const root = join(base, 'project');
  const toolwright = options.linked
    ? join(base, 'linked', 'toolwright')
    : join(root, 'node_modules', 'toolwright');
  writeFiles(toolwright, {
    'package.json': '{"name":"toolwright","types":"dist/src/index.d.ts"}',
    'dist/src/index.d.ts': "export * from './decorators';\n",
    'dist/src/decorators.d.ts': TOOLWRIGHT_DECORATORS,
  });
  if (options.linked) {
    mkdirSync(join(root, 'node_modules'), { recursive: true });
    symlinkSync(toolwright, join(root, 'node_modules', 'toolwright'), 'dir');
  }
  writeFiles(root, {
    'node_modules/class-validator/package.json': '{"name":"class-validator","types":"index.d.ts"}',
    'node_modules/class-validator/index.d.ts': CLASS_VALIDATOR,
    'tsconfig.json': JSON.stringify(TSCONFIG, null, 2),
    ...files,
  });
  return { root, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** What one in-process CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `toolwright <argv>` in-process from `cwd`, capturing its output (no colour). */
export async function runCli(argv: string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd,
    color: false,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
