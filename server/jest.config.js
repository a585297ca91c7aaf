import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // Resolve @blogstream/shared/contract to its TypeScript source, as tsc does.
  testEnvironmentOptions: { customExportConditions: ['source', 'node'] },
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Fastify's inject (light-my-request) requires cookie@2, which is ESM only: Node 20 loads it,
    // Jest's CommonJS loader cannot. The same functions from cookie@1 (devDependency cookie-cjs).
    '^cookie$': 'cookie-cjs',
    // eventsource-parser (the MCP SDK's HTTP client) exports its TypeScript source under the
    // `source` condition above, which Jest does not transform in node_modules: its built module.
    '^eventsource-parser/stream$': require.resolve('eventsource-parser/stream'),
  },
  roots: ['<rootDir>/src'],
  // One worker per core (jest's default leaves one core to itself, which here halves the suite):
  // the parent only collects results while the workers run PGlite (decision 0039). A test or hook
  // has 60 s: the servers and admin commands some tests start share the cores with both workers.
  maxWorkers: '100%',
  testTimeout: 60_000,
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  // What a timed-out set-up hook opens after its file ended is closed (src/testing/file-end.ts).
  setupFilesAfterEnv: ['<rootDir>/src/testing/close-late-openings.ts'],
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
};
