// The one list of Module Federation shared singletons, used by the shell and every remote.
// Subpaths are listed on purpose: without react-dom/client and react/jsx-runtime each
// remote would boot its own React (docs/decisions/0002-runtime-composition.md).
//
// Only true singletons are shared (docs/decisions/0021-federation-without-the-weight.md): a shared
// module crosses the federation boundary whole, never tree-shaken, and every one is a request of
// its own. What holds the page's state or a React context that two containers must agree on is
// shared; everything else (the contract, lib, ui, widgets, mfe layers, Redux Toolkit, Radix) is
// bundled by each build, which keeps only what it uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { slimSingleton, slimSingletonExports } from './slim-singletons.mjs';

const require = createRequire(import.meta.url);

const npmSingletons = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
];

/**
 * Singletons shared slimmed (slim-singletons.mjs): under the package's share key, a module that
 * re-exports only the names the site uses. react-router-dom: one router for every container;
 * react-redux: the Provider a container renders and the hooks its pages call; styled-components:
 * one style sheet and theme context.
 */
const slimSingletons = Object.keys(slimSingletonExports);

/**
 * The shared layers holding the page's state: the one store (its slices, their actions and
 * selectors) and the one RTK Query api (`baseApi`, which remotes inject endpoints into).
 * Not shared: ./testing, and ./widgets/form, the form primitive, with the other layers: a form
 * lives in one container and keeps no state across them, so each build bundles its own copy (and
 * loads its own react-hook-form with it); shared, the shell's copy would serve every remote, and
 * its lazy chunks would consume new keys (the contract) from the shell's federation instance,
 * which under the default shareStrategy 'version-first' first loads every remote's
 * remoteEntry.js (docs/decisions/0017-forms-on-react-hook-form.md).
 */
const sharedLayerSingletons = ['@blogstream/shared/store', '@blogstream/shared/api'];

const sharedPackageJson = JSON.parse(
  readFileSync(new URL('../shared/package.json', import.meta.url), 'utf8'),
);

function packageVersion(request) {
  const packageName = request.startsWith('@')
    ? request.split('/').slice(0, 2).join('/')
    : request.split('/')[0];
  if (packageName === '@blogstream/shared') return sharedPackageJson.version;
  return require(`${packageName}/package.json`).version;
}

export function sharedSingletons() {
  const entries = [...npmSingletons, ...sharedLayerSingletons].map((request) => [
    request,
    { singleton: true, requiredVersion: `^${packageVersion(request)}` },
  ]);
  const slimmed = slimSingletons.map((packageName) => [
    packageName,
    slimSingleton(packageName, packageVersion(packageName)),
  ]);
  return Object.fromEntries([...entries, ...slimmed]);
}
