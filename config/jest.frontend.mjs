// Jest preset for the React packages: swc transform, jsdom, the shared package from source.
import { fileURLToPath } from 'node:url';

const setupFile = fileURLToPath(new URL('./jest.setup.ts', import.meta.url));
const rawTextTransform = fileURLToPath(new URL('./jest-raw-text-transform.cjs', import.meta.url));
const polyfills = fileURLToPath(new URL('./jest.polyfills.ts', import.meta.url));
const emptyModule = fileURLToPath(new URL('./jest-empty-module.cjs', import.meta.url));

export const frontendJestConfig = {
  testEnvironment: 'jsdom',
  // One worker per core, as the server suite (decision 0039), with room for a busy machine:
  // a test that renders a feed page by page takes 1-2 s alone and has timed out at 5 s under load.
  maxWorkers: '100%',
  testTimeout: 15_000,
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  transform: {
    '\\.md$': rawTextTransform,
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^altcha$': emptyModule },
  setupFiles: [polyfills],
  setupFilesAfterEnv: [setupFile],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
};
