// The one list of Module Federation shared singletons, used by the shell and every remote.
// Subpaths are listed on purpose: without react-dom/client and react/jsx-runtime each
// remote would boot its own React (docs/decisions/0002-runtime-composition.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const npmSingletons = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  'react-router',
  'react-router-dom',
  'styled-components',
  'axios',
];

const sharedPackageJson = JSON.parse(
  readFileSync(new URL('../shared/package.json', import.meta.url), 'utf8'),
);
// Not shared: ./testing, and ./widgets/form, the form primitive. A form lives in one container
// and keeps no state across them, so each build bundles its own copy (and loads its own
// react-hook-form with it). Shared, the shell's copy would serve every remote, and its lazy
// chunks would consume new keys (the contract) from the shell's federation instance, which under
// the default shareStrategy 'version-first' first loads every remote's remoteEntry.js
// (docs/decisions/0017-forms-on-react-hook-form.md).
const notShared = new Set(['./testing', './widgets/form']);
const sharedSubpaths = Object.keys(sharedPackageJson.exports)
  .filter((subpath) => !notShared.has(subpath))
  .map((subpath) => `@blogstream/shared/${subpath.slice(2)}`);

function packageVersion(request) {
  const packageName = request.startsWith('@')
    ? request.split('/').slice(0, 2).join('/')
    : request.split('/')[0];
  if (packageName === '@blogstream/shared') return sharedPackageJson.version;
  return require(`${packageName}/package.json`).version;
}

export function sharedSingletons() {
  const entries = [...npmSingletons, ...sharedSubpaths].map((request) => [
    request,
    { singleton: true, requiredVersion: `^${packageVersion(request)}` },
  ]);
  return Object.fromEntries(entries);
}
