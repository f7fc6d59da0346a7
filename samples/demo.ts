/**
 * `npm run demo`: the whole toolwright flow on the samples, offline by default. Generates the
 * manifest with the CLI, shows the tool definitions (Anthropic and the legacy XML prompt),
 * then runs the legacy page's General Motors conversation and a question about the SQL
 * sample's shop, printing every step. With ANTHROPIC_API_KEY set it talks to Claude
 * (`npm run demo -- --scripted` stays offline anyway).
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { ToolAgent, ToolRegistry, buildXmlSystemPrompt } from 'toolwright';
import type { ToolManifest } from 'toolwright';
import { connectModel } from './demo/connectModel';
import { printConversation } from './demo/printEvents';
import { SQL_QUESTION, STOCK_QUESTION } from './demo/scriptedModel';
import { sqlRegistry } from 'toolwright/sql';
import { openShop } from './sql/openShop';
import { StockService } from './stocks/StockService';

const ROOT = join(__dirname, '..');
/** The demo gives up rather than hang. */
const DEMO_TIMEOUT_MS = 120_000;

const banner = (title: string): void => {
  process.stdout.write(`\n${'═'.repeat(80)}\n${title}\n${'═'.repeat(80)}\n`);
};

/** Runs `toolwright codegen` on the samples as a user would, printing its output. */
function generateManifest(): ToolManifest {
  const args = ['codegen', '-p', 'samples/tsconfig.json', '-o', 'samples/tools.manifest.ts'];
  process.stdout.write(`$ toolwright ${args.join(' ')}\n`);
  const run = spawnSync(process.execPath, [join(ROOT, 'bin', 'toolwright.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  process.stdout.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
  if (run.status !== 0)
    throw new Error(`toolwright codegen exited with ${run.status ?? run.signal}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const generated = require('./tools.manifest') as Record<string, unknown>;
  const manifest = Object.values(generated).find(
    (value): value is ToolManifest =>
      typeof value === 'object' && value !== null && 'tools' in value,
  );
  if (!manifest) throw new Error('samples/tools.manifest.ts exports no manifest');
  process.stdout.write(`\nfound ${manifest.tools.length} tools:\n`);
  for (const tool of manifest.tools) {
    const { class: cls, method, file, line } = tool.target;
    process.stdout.write(
      `  ${tool.name.padEnd(24)} ${`${cls}.${method}`.padEnd(36)} samples/${file}:${line}\n`,
    );
  }
  return manifest;
}

async function main(): Promise<void> {
  banner('1. toolwright codegen: JSDoc and types → samples/tools.manifest.ts');
  const manifest = generateManifest();

  const stocks = new ToolRegistry({ manifest }).register(new StockService());
  banner('2. The stock tools as the Messages API takes them (registry.toAnthropic())');
  process.stdout.write(`${JSON.stringify(stocks.toAnthropic(), null, 2)}\n`);

  banner('3. The same tools in the legacy XML prompt format (buildXmlSystemPrompt)');
  process.stdout.write(`${buildXmlSystemPrompt(stocks.descriptors())}\n`);

  const connection = await connectModel(process.argv.includes('--scripted'));
  const signal = AbortSignal.timeout(DEMO_TIMEOUT_MS);
  try {
    banner(`4. "${STOCK_QUESTION}" — ${connection.description}`);
    const stockAgent = new ToolAgent({
      client: connection.client,
      model: connection.model,
      registry: stocks,
      maxIterations: 6,
    });
    await printConversation(stockAgent, STOCK_QUESTION, signal);

    const shop = await openShop();
    const sql = sqlRegistry(shop.engine);
    banner(`5. "${SQL_QUESTION}" — the shipped SQL tools (toolwright/sql) on SQLite, read-only`);
    const sqlAgent = new ToolAgent({
      client: connection.client,
      model: connection.model,
      registry: sql,
      maxIterations: 8,
      system: 'Answer questions about the shop database with the SQL tools. Be brief.',
    });
    await printConversation(sqlAgent, SQL_QUESTION, signal);
    await shop.engine.close();
    shop.db.close();
  } finally {
    await connection.close();
  }
  process.stdout.write(
    `\ndone. The samples are in ${relative(process.cwd(), __dirname) || '.'}/; npm test runs them.\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (process.env.ANTHROPIC_API_KEY && !process.argv.includes('--scripted')) {
      process.stderr.write(
        '(it used the Anthropic API; `npm run demo -- --scripted` runs offline)\n',
      );
    }
    process.exit(1);
  },
);
