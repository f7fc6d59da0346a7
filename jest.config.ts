/**
 * Jest runs every `*.test.ts` beside the code and the samples' `*.e2e.test.ts` through SWC,
 * in two projects: `unit` (the default of `npm test`: every feature, in process) and
 * `packaging` (the built package in consumer projects, and the CLI in child processes: slow,
 * run by `.ci/run` and `npm run test:all`). Type checking is `npm run typecheck`'s job, so
 * tests are transpiled per file (fast) with decorator metadata still emitted.
 *
 * Workers: one per core (Jest's default leaves one core to its own process, which on a 2-core
 * machine means running every suite in that one process, on one core), each replaced once its
 * idle heap passes 1 GB (a suite's module graph is its own; what a worker kept of earlier suites
 * only slows its garbage collector). `.ci/run` runs two passes at once with one worker each.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from 'jest';

/**
 * Suites that build or pack the package, or start Node processes: the `packaging` project.
 * Paths from the repository root; one ending in `/` is a whole folder.
 */
const PACKAGING_SUITES = [
  'test/consumer/',
  'codegen/cli.process.test.ts',
  'codegen/compiler/compilerCache.test.ts',
  'codegen/cli/mcpCompiled.test.ts',
  'codegen/cli/mcpModules.test.ts',
  'codegen/cli/mcpStdio.test.ts',
  'codegen/cli/mcpHttp.test.ts',
  'codegen/cli/mcpStatelessRedis.test.ts',
  'codegen/cli/mcpRevisions.test.ts',
  'codegen/plugin/preferHostCompiler.test.ts',
  'src/mcp/mountMcpHttp.test.ts',
  'src/nest/peerIsolation.test.ts',
  'src/nest/jobsShutdown.test.ts',
  'src/approvals/ioredisIsolation.test.ts',
  'samples/bundled/',
  'src/approvals/crashResume.test.ts',
  'src/jobs/durableJobs.test.ts',
  'src/jobs/mcpTasks.test.ts',
  'src/jobs/mcpTaskCallers.test.ts',
  'src/jobs/workerStart.test.ts',
  'src/pipeline/guaranteeMatrixJobs.test.ts',
  'samples/nest-app/exports.e2e.test.ts',
  'test/api/',
  'test/describeWithServer.test.ts',
];
/** A path pattern matching the suites of PACKAGING_SUITES. */
const PACKAGING_PATTERN = `^<rootDir>/(${PACKAGING_SUITES.map((path) =>
  path.replace(/[.]/g, '\\.').replace(/\/$/, '/.*\\.test\\.ts'),
).join('|')})$`;

const shared: Config = {
  testEnvironment: 'node',
  transform: {
    // SWC, file by file, with decorator metadata: about 25x less CPU than TypeScript's transpiler.
    '^.+\\.ts$': '<rootDir>/test/swcTransform.js',
    // NestJS 12 is ESM only; Jest 29 cannot require ESM (on any Node), so it is rewritten to CJS.
    '^.+/node_modules/@nestjs/.+\\.js$': '<rootDir>/test/esmToCjs.js',
    // PGlite's CommonJS build loads Node's modules with import(), which Jest's VM cannot run.
    '^.+/node_modules/@electric-sql/.+\\.cjs$': '<rootDir>/test/dynamicImportToRequire.js',
    // sqlite-wasm is ESM only: the SQLite worker's unit tests load it in process.
    '^.+/node_modules/@sqlite\\.org/.+\\.mjs$': '<rootDir>/test/esmToCjs.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/|@electric-sql/|@sqlite\\.org/)'],
  moduleNameMapper: {
    '^toolwright$': '<rootDir>/src/index.ts',
    '^toolwright/codegen$': '<rootDir>/codegen/index.ts',
    '^toolwright/plugin$': '<rootDir>/codegen/plugin/index.ts',
    '^toolwright/testing$': '<rootDir>/src/testing/index.ts',
    '^toolwright/nest$': '<rootDir>/src/nest/index.ts',
    '^toolwright/mcp$': '<rootDir>/src/mcp/index.ts',
    '^toolwright/mcp2$': '<rootDir>/src/mcp-dual/index.ts',
    '^toolwright/jobs$': '<rootDir>/src/jobs/index.ts',
    '^toolwright/sql$': '<rootDir>/src/sql/index.ts',
    '^toolwright/ai-sdk$': '<rootDir>/src/ai-sdk/index.ts',
    '^toolwright/langchain$': '<rootDir>/src/langchain/index.ts',
    '^toolwright/search$': '<rootDir>/src/search/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.consumer-tmp/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.consumer-tmp/'],
};

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['src', 'codegen', 'samples', 'test', 'bench']
        .filter((dir) => existsSync(join(__dirname, dir)))
        .map((dir) => `<rootDir>/${dir}`),
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...(shared.testPathIgnorePatterns ?? []), PACKAGING_PATTERN],
    },
    {
      ...shared,
      displayName: 'packaging',
      // One directory per run for the consumer projects (and the packed tarball they share).
      globalSetup: '<rootDir>/test/consumerRunSetup.js',
      globalTeardown: '<rootDir>/test/consumerRunTeardown.js',
      testMatch: PACKAGING_SUITES.map(
        (path) => `<rootDir>/${path.replace(/\/$/, '/**/*.test.ts')}`,
      ),
    },
  ],
  maxWorkers: '100%',
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/test/wallTimeReporter.js'],
  testTimeout: 30000,
};

export default config;
