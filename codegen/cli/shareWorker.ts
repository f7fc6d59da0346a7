/**
 * The helper thread of a one-shot run (see `codegenHelper`): loads the compiler while the main
 * thread loads its own, then builds the program of its share's roots, extracts its share's tool
 * files and answers with their tools and problems (syntax nodes stay on this thread).
 */
import { parentPort } from 'node:worker_threads';
import { openParsedPrograms, parseTsconfig } from '../collect/loadProgram';
import { extractFiles } from '../runProgram';
import type { ShareReply, ShareRequest } from './codegenHelper';

/** The reply to one request. */
function answer(request: ShareRequest): ShareReply {
  try {
    const programs = openParsedPrograms(parseTsconfig(request.tsconfig), request.roots);
    const files = extractFiles(programs.lean, request.options, request.extract);
    return { files: files.map(([name, { tools, diagnostics }]) => [name, { tools, diagnostics }]) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

parentPort?.once('message', (request: ShareRequest) => parentPort!.postMessage(answer(request)));
