/**
 * Node's arguments that run the project's TypeScript from source in a child process, compiled
 * as Jest compiles it (test/swcRegister.js: SWC with decorator metadata), for the suites that
 * start the CLI, workers or applications: `spawn(process.execPath, [...FROM_SOURCE, 'main.ts'])`.
 */
import { join } from 'node:path';

export const FROM_SOURCE: readonly string[] = ['-r', join(__dirname, 'swcRegister.js')];
