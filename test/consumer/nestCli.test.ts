/**
 * A real Nest application built by the Nest CLI from the packed package (issue 46 items 1, 2):
 * laid out as `nest new` lays it out, the compiler plugin in nest-cli.json, its module importing
 * `./tools.manifest` and NO manifest on disk (a fresh project, a clone without the generated
 * file). The first `nest build` passes (tsc builder, and SWC with `--type-check`) and the app
 * built starts and lists its tools; two services declaring one tool name fail the build with
 * TW107 naming both places; with `ToolwrightMcpModule` it answers an MCP client (item 6); under
 * `nest start --watch` each JSDoc edit is one compile and one restart (item 9). Under the SWC
 * watch the first start of a project without its manifest precedes the type-check where plugins
 * run: the plugin says so, and with the manifest generated first that start finds it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { until } from '../until';
import { makeConsumer, ROOT, run } from './packedPackage';

jest.setTimeout(600_000);

const NEST = join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');

const ORDERS = `import { Injectable } from '@nestjs/common';
import { Param, Tool } from 'toolwright';

@Injectable()
export class OrdersService {
  /**
   * Gets an order by its id.
   * @param id The order's id.
   */
  @Tool()
  getOrder(@Param() id: string): { id: string; status: string } {
    return { id, status: 'shipped' };
  }
}
`;
const INVOICES = `import { Injectable } from '@nestjs/common';
import { Param, Tool } from 'toolwright';

@Injectable()
export class InvoicesService {
  /** Gets an invoice by its id. */
  @Tool()
  getInvoice(@Param() id: string): string {
    return \`invoice \${id}\`;
  }
}
`;
/** A second service declaring the orders service's tool name. */
const LEGACY = `import { Injectable } from '@nestjs/common';
import { Param, Tool } from 'toolwright';

@Injectable()
export class LegacyOrdersService {
  /** Gets an order from the old system. */
  @Tool({ name: 'get_order' })
  fetchOrder(@Param() id: string): string {
    return id;
  }
}
`;
const APP_MODULE = `import { Module } from '@nestjs/common';
import { ToolwrightModule } from 'toolwright/nest';
import { InvoicesService } from './invoices.service';
import { OrdersService } from './orders.service';
import { manifest } from './tools.manifest';

@Module({
  imports: [ToolwrightModule.forRoot({ manifest })],
  providers: [OrdersService, InvoicesService],
})
export class AppModule {}
`;
/** Starts the app, calls a tool, prints the tools it lists and the call's result, and stops. */
const MAIN = `import { NestFactory } from '@nestjs/core';
import { ToolRegistry } from 'toolwright';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const registry = app.get(ToolRegistry);
  const outcome = await registry.call('get_order', { id: 'o-1' });
  console.log(JSON.stringify({ tools: registry.list().map((tool) => tool.name), outcome }));
  await app.close();
}
void bootstrap();
`;

/** Starts the app and prints the get_order tool as its registry describes it. */
const DESCRIBING_MAIN = `import { NestFactory } from '@nestjs/core';
import { ToolRegistry } from 'toolwright';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const order = app.get(ToolRegistry).list().find((tool) => tool.name === 'get_order');
  console.log(JSON.stringify({ order }));
  await app.close();
}
void bootstrap();
`;

/** The app module serving its tools over MCP at `/mcp`. */
const MCP_MODULE = APP_MODULE.replace(
  "import { ToolwrightModule } from 'toolwright/nest';",
  "import { ToolwrightMcpModule, ToolwrightModule } from 'toolwright/nest';",
).replace(
  'imports: [ToolwrightModule.forRoot({ manifest })],',
  "imports: [\n    ToolwrightModule.forRoot({ manifest }),\n    ToolwrightMcpModule.forRoot({ name: 'orders', version: '1.0.0' }),\n  ],",
);
/** An HTTP app, as `nest new`'s main.ts, that says where it listens. */
const MCP_MAIN = `import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  console.log(\`listening on \${await app.getUrl()}\`);
}
void bootstrap();
`;

/** The tsconfig.json `nest new` (Nest 11) writes. */
const NEST_TSCONFIG = {
  compilerOptions: {
    module: 'commonjs',
    declaration: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    sourceMap: true,
    outDir: './dist',
    baseUrl: './',
    incremental: true,
    skipLibCheck: true,
    strictNullChecks: true,
    forceConsistentCasingInFileNames: true,
    noImplicitAny: false,
    strictBindCallApply: false,
    noFallthroughCasesInSwitch: false,
  },
};
/** nest-cli.json as `nest new` writes it, with the plugin as README.md shows it. */
const NEST_CLI = {
  $schema: 'https://json.schemastore.org/nest-cli',
  collection: '@nestjs/schematics',
  sourceRoot: 'src',
  compilerOptions: {
    deleteOutDir: true,
    plugins: [{ name: 'toolwright', options: { manifest: 'src/tools.manifest.ts' } }],
  },
};

/** A fresh Nest project with the orders and invoices services, and no manifest. */
async function nestApp(name: string, extra: Record<string, string> = {}): Promise<string> {
  const dir = await makeConsumer(name, {
    'orders.service.ts': ORDERS,
    'invoices.service.ts': INVOICES,
    'app.module.ts': APP_MODULE,
    'main.ts': MAIN,
    ...extra,
  });
  writeFileSync(join(dir, 'nest-cli.json'), JSON.stringify(NEST_CLI, null, 2));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(NEST_TSCONFIG, null, 2));
  const build = {
    extends: './tsconfig.json',
    exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.build.json'), JSON.stringify(build, null, 2));
  expect(existsSync(join(dir, 'src', 'tools.manifest.ts'))).toBe(false);
  return dir;
}

/** Runs `nest <args>` in `dir`: its exit code and everything it printed, without colours. */
async function nest(dir: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [NEST, ...args], { cwd: dir });
    return { code: 0, output: stripVTControlCharacters(stdout + stderr) };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stripVTControlCharacters(stdout + stderr) };
  }
}

/**
 * Runs `nest <args>` (a watch) in `dir` while `body` runs, handing it everything the watch and
 * the app printed so far (without colours); stops the watch and its app after.
 */
async function watching(
  dir: string,
  args: string[],
  body: (output: () => string) => Promise<void>,
): Promise<void> {
  const child = spawn(process.execPath, [NEST, ...args], {
    cwd: dir,
    detached: true,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.on('exit', done));
  try {
    await body(() => stripVTControlCharacters(output));
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const SWC_WATCH = ['start', '-b', 'swc', '--type-check', '--watch'];
/** What the plugin says when Nest's SWC watch started the app before the first manifest. */
const FIRST_WATCH_START = 'toolwright: this is the first manifest, and Nest started the app';

/** Waits for the watched app to print its tools, and checks they are both services'. */
async function startedWithTools(output: () => string): Promise<void> {
  await until(
    () => output().includes('"tools":'),
    `the app to start; the watcher said:\n${output()}`,
    240_000,
  );
  const started = JSON.parse(/^\{"tools":.*$/m.exec(output())![0]) as { tools: string[] };
  expect(started.tools.sort()).toEqual(['get_invoice', 'get_order']);
}

/** Starts the built app (`node dist/main`, as `npm run start:prod` does): what it printed. */
async function startBuilt(dir: string): Promise<{ tools: string[]; outcome: unknown }> {
  const { stdout } = await run(process.execPath, ['dist/main'], { cwd: dir });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { tools: string[]; outcome: unknown };
}

/** The first build passes, the app starts with both services' tools, and a rebuild passes. */
async function firstBuildRuns(dir: string, args: string[]): Promise<void> {
  const first = await nest(dir, args);
  expect(first).toEqual({ code: 0, output: expect.not.stringMatching(/TS2307|error/i) });
  expect(readFileSync(join(dir, 'src', 'tools.manifest.ts'), 'utf8')).toContain(
    'Gets an order by its id.',
  );
  const started = await startBuilt(dir);
  expect(started.tools.sort()).toEqual(['get_invoice', 'get_order']);
  expect(started.outcome).toEqual({
    content: JSON.stringify({ id: 'o-1', status: 'shipped' }),
    isError: false,
  });

  // The next build, which reads the file the first one wrote, passes too.
  expect(await nest(dir, args)).toMatchObject({ code: 0 });
}

describe('a Nest app built by `nest build` from the packed package, no manifest yet', () => {
  it('tsc builder: the first build passes and the app lists its tools', async () => {
    await firstBuildRuns(await nestApp('nest-cli-tsc'), ['build']);
  });

  it('SWC builder with --type-check: the first build passes and the app lists its tools', async () => {
    await firstBuildRuns(await nestApp('nest-cli-swc'), ['build', '-b', 'swc', '--type-check']);
  });

  it.each([
    ['tsc builder', ['build']],
    ['SWC builder with --type-check', ['build', '-b', 'swc', '--type-check']],
  ])(
    '%s: two services declaring one tool name fail the build with TW107 naming both',
    async (_, args) => {
      const dir = await nestApp(`nest-cli-duplicate-${args.length}`, {
        'legacy-orders.service.ts': LEGACY,
      });
      const built = await nest(dir, args);
      expect(built.code).not.toBe(0);
      // At the second declaration in source order, naming the first; each place once.
      const error = /^src\/orders\.service\.ts[(:]11.*TW107 (.*)$/m.exec(built.output);
      expect(error?.[1]).toMatch(
        /tool name "get_order" is declared twice: src\/legacy-orders\.service\.ts:8 \(LegacyOrdersService\.fetchOrder\) and src\/orders\.service\.ts:11 \(OrdersService\.getOrder\)/,
      );
      expect(built.output.match(/TW107/g)).toHaveLength(1);
      // Renaming the second one lets the same project build and start.
      writeFileSync(
        join(dir, 'src', 'legacy-orders.service.ts'),
        LEGACY.replace("name: 'get_order'", "name: 'get_legacy_order'"),
      );
      expect(await nest(dir, args)).toMatchObject({ code: 0 });
    },
  );

  it('an app with ToolwrightMcpModule answers an MCP client, and stops on SIGTERM while it is connected', async () => {
    const dir = await nestApp('nest-cli-mcp', { 'app.module.ts': MCP_MODULE, 'main.ts': MCP_MAIN });
    expect(await nest(dir, ['build'])).toMatchObject({ code: 0 });
    const child = spawn(process.execPath, ['dist/main'], { cwd: dir, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await until(
        () => /listening on /.test(output),
        `the app to listen; it said:\n${output}`,
        60_000,
      );
      const base = /listening on (\S+)/.exec(output)![1].replace('[::1]', '127.0.0.1');
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_invoice', 'get_order']);
      const result = await client.callTool({ name: 'get_order', arguments: { id: 'o-7' } });
      expect(JSON.stringify(result.content)).toContain('o-7');
      expect(result.isError).toBeFalsy();
      // SIGTERM with the client still connected (its event stream open): the app stops, not
      // held open by the session (a hang would be the old 20 s one; the limit is far above a stop).
      let code: number | null | undefined;
      child.kill('SIGTERM');
      void exited.then((exit) => (code = exit));
      await until(() => code !== undefined, `the app to stop; it said:\n${output}`, 10_000);
    } finally {
      child.kill('SIGKILL');
      await client.close();
    }
    await exited;
    expect(output).not.toMatch(/error/i);
  });

  it.each([
    ['tsc builder', ['start', '--watch'], /TS2307|Cannot find module/],
    // SWC compiles and starts the app beside the forked type-check, where plugins run, before
    // the manifest is written: that first start fails to find it (nothing of the plugin runs in
    // Nest's process before it), the plugin says so, and the app restarts when SWC compiles it.
    ['SWC builder with --type-check', SWC_WATCH, /TS2307/],
  ])('%s, watching: the first start builds and runs the app', async (_, args, never) => {
    const dir = await nestApp(`nest-cli-watch-${args.length}`);
    await watching(dir, args, async (output) => {
      await startedWithTools(output);
      expect(output()).not.toMatch(never);
      if (args === SWC_WATCH) expect(output()).toContain(FIRST_WATCH_START);
    });
  });

  it('SWC builder with --type-check, watching, the manifest generated first: the first start finds it', async () => {
    const dir = await nestApp('nest-cli-watch-swc-generated');
    await run(
      process.execPath,
      [join(dir, 'node_modules', 'toolwright', 'bin', 'toolwright.js'), 'codegen'],
      { cwd: dir },
    );
    await watching(dir, SWC_WATCH, async (output) => {
      await startedWithTools(output);
      expect(output()).not.toMatch(/TS2307|Cannot find module/);
      expect(output()).not.toContain(FIRST_WATCH_START);
    });
  });

  it('tsc builder, watching: each JSDoc edit compiles once and restarts the app once', async () => {
    const dir = await nestApp('nest-cli-watch-edits', { 'main.ts': DESCRIBING_MAIN });
    const service = join(dir, 'src', 'orders.service.ts');
    await watching(dir, ['start', '--watch'], async (output) => {
      /** The app's starts, each the get_order tool it described. */
      const starts = (): string[] => output().match(/^\{"order":.*$/gm) ?? [];
      const started = async (text: string) =>
        until(
          () => starts().some((start) => start.includes(text)),
          `the app to restart with ${text}; the watcher said:\n${output()}`,
          240_000,
        );
      await started('Gets an order by its id.');
      // The tool's description: the manifest's value changes.
      writeFileSync(service, ORDERS.replace('Gets an order', 'Gets one order'));
      await started('Gets one order by its id.');
      // A parameter's: its input type's doc comment changes too.
      writeFileSync(
        service,
        ORDERS.replace('Gets an order', 'Gets one order').replace("order's id", "order's key"),
      );
      await started("The order's key.");
      // Each edit one compile, and one restart: the manifest written is no second change.
      expect(output().match(/File change detected/g)).toHaveLength(2);
      expect(starts()).toHaveLength(3);
      expect(readFileSync(join(dir, 'src', 'tools.manifest.ts'), 'utf8')).toContain(
        "The order's key.",
      );
    });
  });
});
