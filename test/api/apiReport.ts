/**
 * The public surface as a reviewed artefact: API Extractor reads the built declarations of
 * each entry point (`toolwright`, `/codegen`, `/plugin`, `/testing`, `/nest`, `/mcp`, `/jobs`, `/sql`,
 * `/search`, `/ai-sdk`, `/langchain`) and writes what they export to `api/<entry>.api.md`. The test compares (a change fails until the report is
 * updated and reviewed with it: `npm run api:update`), and checks that no public signature
 * names a type the package does not export: API Extractor's `ae-forgotten-export`, where a
 * sub-entry may name what the main entry exports (it reads one entry at a time). From the same
 * extraction, the doc models give the generated reference in docs/api/ (apiDocs.ts), compared
 * and updated with the reports.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { differentPages, writeApiDocs } from './apiDocs';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import type { ExtractorMessage } from '@microsoft/api-extractor';

const ROOT = join(__dirname, '..', '..');
const REPORT_FOLDER = join(ROOT, 'api');
/** The generated API reference. */
export const DOCS_FOLDER = join(ROOT, 'docs', 'api');

/** Each entry point: its report's name and its built declarations. */
export const ENTRY_POINTS: Readonly<Record<string, string>> = {
  toolwright: 'dist/src/index.d.ts',
  'toolwright-codegen': 'dist/codegen/index.d.ts',
  'toolwright-plugin': 'dist/codegen/plugin/index.d.ts',
  'toolwright-testing': 'dist/src/testing/index.d.ts',
  'toolwright-nest': 'dist/src/nest/index.d.ts',
  'toolwright-mcp': 'dist/src/mcp/index.d.ts',
  'toolwright-mcp2': 'dist/src/mcp-dual/index.d.ts',
  'toolwright-jobs': 'dist/src/jobs/index.d.ts',
  'toolwright-sql': 'dist/src/sql/index.d.ts',
  'toolwright-ai-sdk': 'dist/src/ai-sdk/index.d.ts',
  'toolwright-langchain': 'dist/src/langchain/index.d.ts',
  'toolwright-search': 'dist/src/search/index.d.ts',
};

/** What one entry point's extraction found. */
export interface EntryReport {
  entry: string;
  /** The report differs from the committed one (or none is committed). */
  changed: boolean;
  /** Types a public signature names that the entry does not export. */
  forgotten: string[];
  /** Anything else API Extractor or the compiler reported, as text. */
  problems: string[];
}

/** The type name an `ae-forgotten-export` message is about. */
const forgottenName = (message: ExtractorMessage): string =>
  /The symbol "([^"]+)"/.exec(message.text)?.[1] ?? message.text;

function extractEntry(
  entry: string,
  dts: string,
  update: boolean,
  temp: string,
  packageRoot: string,
): EntryReport {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: packageRoot,
      mainEntryPointFilePath: join(packageRoot, dts),
      compiler: { tsconfigFilePath: join(ROOT, 'tsconfig.build.json') },
      apiReport: {
        enabled: true,
        reportFileName: `${entry}.api.md`,
        reportFolder: REPORT_FOLDER,
        reportTempFolder: temp,
      },
      docModel: { enabled: true, apiJsonFilePath: join(temp, 'model', `${entry}.api.json`) },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Warning },
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
          'ae-undocumented': { logLevel: ExtractorLogLevel.None },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(packageRoot, 'package.json'),
  });
  const report: EntryReport = { entry, changed: false, forgotten: [], problems: [] };
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      message.handled = true;
      if (message.logLevel === 'none' || message.logLevel === 'verbose') return;
      if (message.messageId === 'ae-forgotten-export')
        report.forgotten.push(forgottenName(message));
      else if (message.messageId.startsWith('console-')) return;
      else if (message.logLevel === 'error' || message.logLevel === 'warning')
        report.problems.push(`${message.messageId}: ${message.text}`);
    },
  });
  report.changed = result.apiReportChanged;
  return report;
}

/** The names the main entry exports, read from its fresh report (in `temp`). */
function mainExports(temp: string): Set<string> {
  const text = readFileSync(join(temp, 'toolwright.api.md'), 'utf8');
  const names = text.matchAll(
    /^export (?:declare )?(?:abstract )?(?:class|interface|type|function|const|enum|namespace) (\w+)/gm,
  );
  return new Set([...names].map((match) => match[1]));
}

/** What the extraction of every entry point found. */
export interface ApiExtraction {
  reports: EntryReport[];
  /** The pages of docs/api/ that differ from the ones generated now (none after `update`). */
  staleDocs: string[];
}

/** Generates the reference into docs/api/ (`update`), or beside it: the pages that differ. */
function generateDocs(temp: string, update: boolean): string[] {
  const model = join(temp, 'model');
  if (update) {
    writeApiDocs(model, DOCS_FOLDER);
    return [];
  }
  writeApiDocs(model, join(temp, 'docs'));
  return differentPages(DOCS_FOLDER, join(temp, 'docs'));
}

/**
 * Extracts every entry point of the package built in `packageRoot` (the repository, after
 * `npm run build`, or a test's staged build); `update` writes the reports and the reference
 * instead of comparing.
 */
export function extractApi(update = false, packageRoot = ROOT): ApiExtraction {
  const temp = mkdtempSync(join(tmpdir(), 'toolwright-api-'));
  mkdirSync(REPORT_FOLDER, { recursive: true });
  try {
    const reports = Object.entries(ENTRY_POINTS).map(([entry, dts]) =>
      extractEntry(entry, dts, update, temp, packageRoot),
    );
    const fromMain = mainExports(temp);
    for (const report of reports) {
      if (report.entry !== 'toolwright') {
        // API Extractor writes `Name_2` for a second symbol of one name (an alias of it).
        report.forgotten = report.forgotten.filter(
          (name) => !fromMain.has(name.replace(/_\d+$/, '')),
        );
      }
      report.forgotten = [...new Set(report.forgotten)].sort();
    }
    return { reports, staleDocs: generateDocs(temp, update) };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const update = process.argv.includes('--update');
  const { reports, staleDocs } = extractApi(update);
  for (const report of reports) {
    const state = report.changed ? 'updated' : 'unchanged';
    process.stdout.write(`api/${report.entry}.api.md: ${state}\n`);
    for (const name of report.forgotten) {
      process.stdout.write(`  ${name} is named by a public signature but not exported\n`);
    }
    for (const problem of report.problems) process.stdout.write(`  ${problem}\n`);
  }
  const docsState = update ? 'written' : `${staleDocs.length} pages differ`;
  process.stdout.write(`docs/api/: ${docsState}\n`);
  if (reports.some((report) => report.forgotten.length > 0)) process.exitCode = 1;
}
