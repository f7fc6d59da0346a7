/**
 * Jest runs every `*.test.ts` beside the code and the samples' `*.e2e.test.ts` through ts-jest.
 * Type checking is `npm run typecheck`'s job, so tests are transpiled per file (fast) with
 * decorator metadata still emitted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  roots: ['src', 'codegen', 'samples', 'test', 'bench']
    .filter((dir) => existsSync(join(__dirname, dir)))
    .map((dir) => `<rootDir>/${dir}`),
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
    // NestJS 12 is ESM only; Jest below Node 24.9 cannot require ESM, so it is rewritten to CJS.
    '^.+/node_modules/@nestjs/.+\\.js$': '<rootDir>/test/esmToCjs.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
  moduleNameMapper: {
    '^toolwright$': '<rootDir>/src/index.ts',
    '^toolwright/codegen$': '<rootDir>/codegen/index.ts',
    '^toolwright/testing$': '<rootDir>/src/testing/index.ts',
    '^toolwright/nest$': '<rootDir>/src/nest/index.ts',
    '^toolwright/mcp$': '<rootDir>/src/mcp/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  testTimeout: 30000,
};

export default config;
