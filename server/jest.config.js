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
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  roots: ['<rootDir>/src'],
  testTimeout: 30_000,
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
};
