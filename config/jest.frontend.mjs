// Jest preset for the React packages: swc transform, jsdom, the shared package from source.
import { fileURLToPath } from 'node:url';

const setupFile = fileURLToPath(new URL('./jest.setup.ts', import.meta.url));

export const frontendJestConfig = {
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'require', 'default'] },
  transform: {
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
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  setupFilesAfterEnv: [setupFile],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
};
