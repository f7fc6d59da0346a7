/**
 * A runnable entry for `toolwright mcp` alone, so tests (and the curious) can start the command
 * from source without a build: `node -r ts-node/register/transpile-only codegen/cli/mcpMain.ts`.
 */
import { runMcpCommand } from './mcp';

void runMcpCommand(process.argv.slice(2)).then((code) => process.exit(code));
