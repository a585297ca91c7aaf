// Scale-out and backup checks: real server processes from server/dist against one shared database.
// Run with `npm run test:scale-out -w e2e` (not part of `npm run test -w e2e`).
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/*.scale.ts'],
  testTimeout: 120_000,
};
