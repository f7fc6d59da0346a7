/**
 * `toolwright mcp --module <file> [--http <port>] [--host 127.0.0.1] [--token <t>]`: serves the
 * registry a module exports to MCP clients, over stdio (default) or Streamable HTTP at `/mcp`.
 * The MCP SDK is loaded only when this command runs, so the other commands work without it.
 * In stdio mode nothing but protocol reaches stdout: any other write to stdout goes to stderr.
 * With the SDK 2.x peers (`@modelcontextprotocol/server` and `@modelcontextprotocol/node`)
 * installed it serves both revisions, 2025-11-25 and 2026-07-28, through `toolwright/mcp2`;
 * without them 2025-11-25 only. It says which on stderr when it starts.
 */
import { basename, extname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import type { McpApprovalHook } from '../../src/mcp/types';

/** The parsed command line. */
export interface McpCommandOptions {
  module?: string;
  http?: number;
  host: string;
  token?: string;
  allowedHosts: string[];
  allowedOrigins: string[];
  name?: string;
  approve?: 'elicit';
  /** Stateless Streamable HTTP: no sessions, each request answered on its own. */
  stateless?: boolean;
  /** Redis URL through which stateless instances pass cancels (`--redis`, else `REDIS_URL`). */
  redis?: string;
  help: boolean;
}

/**
 * The `--help` text, laid out as `helpText` lays out the other commands' (usage, summary,
 * options, exit codes); written out because this command parses its own flags.
 */
export const MCP_USAGE = `Usage: toolwright mcp --module <file> [--http <port>] [--host <address>] [--token <token>] [--stateless [--redis <url>]]

Serves the ToolRegistry a module exports to MCP clients, over stdio (default) or Streamable
HTTP at /mcp. The module exports it as \`registry\` or default, or a function (sync or async)
returning it, and may export an \`approve\` hook. An ES module (.mjs, or .js in a "type":
"module" package) may await at top level, as in \`const app = await
NestFactory.createApplicationContext(AppModule); export const registry = app.get(ToolRegistry);\`.
A .ts module is compiled to CommonJS, which has no top-level await: export an async function
returning the registry instead. It serves MCP 2025-11-25, and 2026-07-28 too when the SDK 2.x
packages (@modelcontextprotocol/server and @modelcontextprotocol/node) are installed; it says
which on stderr at start.

Options:
  -m, --module <file>         The .js file, or .ts file (through ts-node's transpile-only register).
  --http <port>               Serve Streamable HTTP at http://HOST:PORT/mcp (0 picks a free port;
                              default: stdio).
  --host <address>            The address to bind (default: 127.0.0.1).
  --token <token>             Require "Authorization: Bearer <token>" (or TOOLWRIGHT_MCP_TOKEN).
  --allowed-host <name>       An accepted Host hostname (repeatable; default: the loopback names
                              when bound to loopback).
  --allowed-origin <origin>   An accepted Origin (repeatable; default: origins on an allowed host).
  --name <name>               The server name reported to clients (default: the module's file name).
  --approve elicit            Ask the client's user before running tools marked requiresApproval
                              (otherwise they are refused, unless the module exports \`approve\`).
  --stateless                 With --http: no sessions, each request answered on its own (for
                              several instances behind a load balancer). A client's cancel may
                              reach another instance than the call's: give every instance the
                              same --redis, or such cancels are dropped and the call runs on.
  --redis <url>               With --stateless: the Redis through which instances pass cancels
                              (redis://host:6379; or REDIS_URL; needs the ioredis package).
  -h, --help                  Show this help.

Exit codes: 0 once the server has shut down (SIGINT, SIGTERM, or stdin closed in stdio mode),
1 when the module or the server fails, 2 usage.
`;

/** A usage mistake: printed with the usage, exit code 2. */
class UsageError extends ToolwrightError {}

type Setter = (options: McpCommandOptions, value: string) => void;

/** Every flag without a value, and what it sets. */
const BOOLEAN_FLAGS: Record<string, (options: McpCommandOptions) => void> = {
  '-h': (o) => (o.help = true),
  '--help': (o) => (o.help = true),
  '--stateless': (o) => (o.stateless = true),
};

/** Every flag that takes a value, and where it goes. */
const VALUE_FLAGS: Record<string, Setter> = {
  '--module': (o, v) => (o.module = v),
  '-m': (o, v) => (o.module = v),
  '--http': (o, v) => {
    const port = Number(v);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`--http takes a port number (0 picks a free one), not "${v}"`);
    }
    o.http = port;
  },
  '--host': (o, v) => (o.host = v),
  '--token': (o, v) => (o.token = v),
  '--allowed-host': (o, v) => void o.allowedHosts.push(v),
  '--allowed-origin': (o, v) => void o.allowedOrigins.push(v),
  '--name': (o, v) => (o.name = v),
  '--redis': (o, v) => (o.redis = v),
  '--approve': (o, v) => {
    if (v !== 'elicit') throw new UsageError(`--approve takes "elicit", not "${v}"`);
    o.approve = v;
  },
};

/** Parses `toolwright mcp`'s arguments (`--flag value` or `--flag=value`). */
export function parseMcpArgs(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): McpCommandOptions {
  const options: McpCommandOptions = {
    host: '127.0.0.1',
    allowedHosts: [],
    allowedOrigins: [],
    help: false,
    token: env.TOOLWRIGHT_MCP_TOKEN || undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].startsWith('--') ? splitOnce(args[i]) : [args[i], undefined];
    const setFlag = BOOLEAN_FLAGS[flag];
    if (setFlag) {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
      setFlag(options);
      continue;
    }
    const set = VALUE_FLAGS[flag];
    if (!set) throw new UsageError(`unknown option "${args[i]}"`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    set(options, value);
  }
  if (!options.help && !options.module) throw new UsageError('--module <file> is required');
  if (options.stateless && options.http === undefined) {
    throw new UsageError('--stateless needs --http <port> (stdio has no sessions to drop)');
  }
  if (options.redis !== undefined && !options.stateless) {
    throw new UsageError('--redis needs --stateless (only stateless instances share cancels)');
  }
  if (options.stateless) options.redis ??= env.REDIS_URL || undefined;
  return options;
}

function splitOnce(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return at < 0 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
}

/** toolwright's own version, from its package.json (source or dist layout). */
function toolwrightVersion(): string {
  for (const up of ['../..', '../../..']) {
    const file = join(__dirname, up, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'toolwright' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

/** Stdout reserved for the protocol: the stream the transport writes to, and the undo. */
interface ClaimedStdout {
  protocol: Writable;
  release(): void;
}

/**
 * Reserves stdout for the protocol: everything else written to `process.stdout` (the module's
 * `console.log`, a stray `process.stdout.write`) goes to stderr instead.
 */
function claimStdout(): ClaimedStdout {
  const stdout = process.stdout;
  const ownWrite = stdout.write;
  const write = ownWrite.bind(stdout) as (
    chunk: unknown,
    done: (error?: Error | null) => void,
  ) => boolean;
  const protocol = new Writable({
    write: (chunk, _encoding, done) => void write(chunk, (error) => done(error ?? null)),
  });
  protocol.on('error', () => undefined); // a closed pipe ends the session (see serve), not the process
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  return { protocol, release: () => void (stdout.write = ownWrite) };
}

/** Resolves on the first SIGINT/SIGTERM (or `also`), then stops listening for them. */
function untilShutdown(also: (stop: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    also(stop);
  });
}

/** The `approve` hook: `--approve elicit`, else what the module exports as `approve`. */
function approvalHook(options: McpCommandOptions, exported: unknown): McpApprovalHook | undefined {
  if (options.approve) return options.approve;
  if (exported === 'elicit' || typeof exported === 'function') return exported as McpApprovalHook;
  return undefined;
}

/**
 * What the CLI uses of the MCP layer: the public entry and two internals it alone needs. The
 * public entry on purpose (not its modules one by one): it is what checks the optional MCP SDK
 * and says in one line what to install, so the CLI and an application fail alike.
 */
type McpForCli = typeof import('../../src/mcp/index') &
  Pick<typeof import('../../src/mcp/loadRegistryModule'), 'loadRegistryModule'> &
  Pick<typeof import('../../src/mcp/httpGuards'), 'isLoopbackHost'>;

/** The SDK 2.x packages `toolwright/mcp2` adds for the 2026-07-28 revision. */
const MODERN_PEERS = ['@modelcontextprotocol/server', '@modelcontextprotocol/node'];

/** The revisions the command serves: both when the SDK 2.x peers resolve, else 2025-11-25. */
function modernPeersInstalled(): boolean {
  return MODERN_PEERS.every((name) => {
    try {
      require.resolve(name);
      return true;
    } catch {
      return false;
    }
  });
}

/** The stderr line saying which revisions are served (and how to get the other). */
function revisionsLine(both: boolean): string {
  return both
    ? 'toolwright mcp: serving MCP revisions 2025-11-25 and 2026-07-28\n'
    : `toolwright mcp: serving MCP revision 2025-11-25 only (for 2026-07-28 too: npm install ${MODERN_PEERS.join(' ')})\n`;
}

/** The dual-revision layer (`toolwright/mcp2`), or undefined when its SDK 2.x peers are missing. */
async function loadMcp2(): Promise<typeof import('../../src/mcp-dual/index') | undefined> {
  if (!modernPeersInstalled()) return undefined;
  return import('../../src/mcp-dual/index');
}

/** The MCP layer, or a clear error when the optional MCP SDK is not installed. */
async function loadMcp(): Promise<McpForCli> {
  try {
    require.resolve('@modelcontextprotocol/sdk/server/index.js');
  } catch {
    throw new ToolwrightError(
      'the MCP SDK is not installed; run npm install @modelcontextprotocol/sdk',
    );
  }
  const [entry, { loadRegistryModule }, { isLoopbackHost }] = await Promise.all([
    import('../../src/mcp/index'),
    import('../../src/mcp/loadRegistryModule'),
    import('../../src/mcp/httpGuards'),
  ]);
  return { ...entry, loadRegistryModule, isLoopbackHost };
}

async function serve(
  options: McpCommandOptions,
  stderr: NodeJS.WritableStream,
  stdio: ClaimedStdout | undefined,
): Promise<number> {
  const mcp = await loadMcp();
  const modulePath = options.module as string;
  const { registry, exports } = await mcp.loadRegistryModule(modulePath);
  const serverOptions = {
    name: options.name ?? basename(modulePath, extname(modulePath)),
    version: toolwrightVersion(),
    approve: approvalHook(options, exports.approve),
  };

  const mcp2 = await loadMcp2();
  stderr.write(revisionsLine(mcp2 !== undefined));

  if (options.http === undefined) {
    const close = mcp2
      ? serveBothOnStdio(mcp2, registry, serverOptions, stdio)
      : await serveLegacyOnStdio(mcp, registry, serverOptions, stderr, stdio);
    await untilShutdown((stop) => {
      process.stdin.once('end', stop);
      process.stdin.once('close', stop);
      stdio?.protocol.once('error', stop);
    });
    await close();
    return 0;
  }

  if (!mcp.isLoopbackHost(options.host) && !options.token && options.allowedHosts.length === 0) {
    stderr.write(
      `toolwright mcp: warning: listening on ${options.host} without --token or --allowed-host; anyone who can reach it can call the tools\n`,
    );
  }
  const redis = options.redis === undefined ? undefined : await cancelRedis(options.redis, stderr);
  if (options.stateless && !redis) {
    stderr.write(
      'toolwright mcp: stateless without --redis (or REDIS_URL): a cancel that reaches another instance than its call is dropped\n',
    );
  }
  const running = await (mcp2 ?? mcp).startMcpHttpServer(registry, {
    ...serverOptions,
    port: options.http,
    host: options.host,
    token: options.token,
    allowedHosts: options.allowedHosts.length > 0 ? options.allowedHosts : undefined,
    allowedOrigins: options.allowedOrigins.length > 0 ? options.allowedOrigins : undefined,
    ...(options.stateless ? { stateless: true } : {}),
    ...(redis ? { redis } : {}),
  });
  announce(`listening on ${running.url}`, stderr);
  await untilShutdown(() => undefined);
  await running.close();
  await redis?.quit().catch(() => undefined);
  return 0;
}

type ServerOptions = import('../../src/mcp/types').McpServerOptions;
type Registry = Parameters<McpForCli['createMcpServer']>[0];

/** 2025-11-25 alone on stdio; resolves with the close. */
async function serveLegacyOnStdio(
  mcp: McpForCli,
  registry: Registry,
  serverOptions: ServerOptions,
  stderr: NodeJS.WritableStream,
  stdio: ClaimedStdout | undefined,
): Promise<() => Promise<void>> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = mcp.createMcpServer(registry, serverOptions);
  const transport = new StdioServerTransport(process.stdin, stdio?.protocol);
  transport.onerror = (error) => stderr.write(`toolwright mcp: ${error.message}\n`);
  await server.connect(transport);
  return () => server.close();
}

/**
 * Both revisions on stdio: the client's first message picks one (`toolwright/mcp2`'s
 * `serveStdio`). Returns the close, which closes the server once one was chosen.
 */
function serveBothOnStdio(
  mcp2: typeof import('../../src/mcp-dual/index'),
  registry: Registry,
  serverOptions: ServerOptions,
  stdio: ClaimedStdout | undefined,
): () => Promise<void> {
  let chosen: { close(): Promise<void> } | undefined;
  mcp2
    .serveStdio(registry, serverOptions, { stdout: stdio?.protocol })
    .then((server) => void (chosen = server))
    .catch(() => undefined); // stdin closed before a first message: nothing to close
  return async () => chosen?.close();
}

/** The ioredis client of `--redis`, or a clear error when ioredis is not installed. */
async function cancelRedis(
  url: string,
  stderr: NodeJS.WritableStream,
): Promise<import('ioredis').Redis> {
  try {
    require.resolve('ioredis');
  } catch {
    throw new ToolwrightError('--redis needs the ioredis package; run npm install ioredis');
  }
  const { Redis } = await import('ioredis');
  const client = new Redis(url);
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) stderr.write(`toolwright mcp: --redis: ${error.message}\n`);
    reported = true;
  });
  client.on('ready', () => void (reported = false));
  return client;
}

/**
 * The listening line: on stdout, and on stderr too unless both are the same terminal. Both on
 * purpose: a script reads the URL from stdout (`--http 0` picks the port), and when it pipes
 * stdout away the person watching the terminal or the service's log (stderr) still sees where
 * the server listens; on one terminal it is printed once.
 */
function announce(line: string, stderr: NodeJS.WritableStream): void {
  process.stdout.write(`${line}\n`);
  if (!(process.stdout.isTTY && process.stderr.isTTY)) stderr.write(`${line}\n`);
}

/**
 * Runs `toolwright mcp`; resolves with the exit code once the server has shut down.
 * @example
 * process.exitCode = await runMcpCommand(['--module', 'dist/tools.js', '--http', '0']);
 */
export async function runMcpCommand(args: string[]): Promise<number> {
  const stderr = process.stderr;
  let options: McpCommandOptions;
  try {
    options = parseMcpArgs(args, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`toolwright mcp: ${error.message}\n\n${MCP_USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(MCP_USAGE);
    return 0;
  }
  const stdio = options.http === undefined ? claimStdout() : undefined;
  try {
    return await serve(options, stderr, stdio);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`toolwright mcp: ${message}\n`);
    return 1;
  } finally {
    stdio?.release();
  }
}
