/**
 * The CLI's connection to the outside: output streams, working directory, whether to colour,
 * and a signal that ends `--watch`. `main()` takes one, so tests run the CLI in-process with
 * captured output; `processIo()` is the real terminal.
 */
import { resolve } from 'node:path';

/** Where the CLI prints and what it runs in. */
export interface CliIo {
  /** Command output (manifests, tool definitions); written as given. */
  stdout: (text: string) => void;
  /** Diagnostics and progress; written as given. */
  stderr: (text: string) => void;
  /** Paths on the command line are relative to this directory. */
  cwd: string;
  /** Colour the diagnostics (only on a TTY). */
  color: boolean;
  /** Aborting it ends `--watch` (the real terminal aborts on Ctrl-C). */
  signal?: AbortSignal;
}

/** The process's own streams; colour only when stderr is a TTY and `NO_COLOR` is unset. */
export function processIo(): CliIo {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: resolve(process.cwd()),
    color: !!process.stderr.isTTY && !process.env.NO_COLOR,
    signal: controller.signal,
  };
}
