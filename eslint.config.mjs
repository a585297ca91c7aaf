// One lint config for the whole repo. Import boundaries (docs/ARCHITECTURE.md) are rules here,
// not review comments.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import slimSingletons from './config/slim-singletons.json' with { type: 'json' };
import serverRoomTable from './config/server-rooms.json' with { type: 'json' };

const remotes = ['mfe-feed', 'mfe-account', 'mfe-sources', 'mfe-static'];
const sharedLayers = ['contract', 'lib', 'api', 'store', 'ui', 'widgets', 'mfe', 'testing'];

function restrictImports(patterns, paths = []) {
  return { 'no-restricted-imports': ['error', { patterns, paths }] };
}

const otherPackagesMessage =
  'Packages meet only through @blogstream/shared (docs/ARCHITECTURE.md).';

/** Icons come only through shared/ui, so the icon set stays out of the federation singletons. */
const iconsFromSharedUi = {
  group: ['lucide-react', 'lucide-react/*'],
  message: 'Take icons from @blogstream/shared/ui (docs/ARCHITECTURE.md, "Icons").',
};

/**
 * What defines calls of the API: in the shell and the remotes only a `*-api.ts` module (a
 * feature's, beside its page) may import it, so a page or component never defines a call inline
 * (docs/API.md, "Adding an endpoint"). Tests may, to drive the store.
 */
const apiDefinitions = {
  name: '@blogstream/shared/api',
  importNames: ['baseApi', 'endpointRequest', 'callEndpoint', 'httpClient', 'httpBaseQuery'],
  message: 'Define API calls in the feature\'s *-api.ts (docs/API.md, "Adding an endpoint").',
};

/** A front-end package's import rules: `imports` in all of it, API definitions only where allowed. */
function packageImports(folder, imports) {
  return [
    { files: [`${folder}/src/**/*.{ts,tsx}`], rules: restrictImports(imports, [apiDefinitions]) },
    {
      files: [`${folder}/src/**/*-api.ts`, `${folder}/src/**/*.test.{ts,tsx}`],
      rules: restrictImports(imports),
    },
  ];
}

/** Zones' paths are the repository's, wherever ESLint runs from (a package's folder too). */
const repoRoot = new URL('./', import.meta.url);
const zoneBase = fileURLToPath(repoRoot);

/**
 * A remote's features (src/features/<feature>/) never import each other: what two of them use
 * lives in the remote's src/common/, or in @blogstream/shared when other packages use it too.
 */
const featureZones = remotes.flatMap((remote) => {
  const features = `${remote}/src/features`;
  return readdirSync(new URL(features, repoRoot)).map((feature) => ({
    target: `./${features}/${feature}`,
    from: `./${features}`,
    except: [`./${feature}`],
    message: `${features}/${feature} imports no other feature: what two features use goes in ${remote}/src/common/ (docs/ARCHITECTURE.md).`,
  }));
});

/**
 * The singletons Module Federation shares slimmed hold only the names listed for them
 * (config/slim-singletons.json, config/mf-shared.mjs): any other would be missing at run time.
 * react-router itself is a second copy of the router beside the shared one.
 */
const slimSingletonImports = [
  ...Object.entries(slimSingletons)
    .filter(([name]) => !name.startsWith('$'))
    .map(([name, allowImportNames]) => ({
      name,
      allowImportNames,
      allowTypeImports: true,
      message: `The shared copy of ${name} holds only the names in config/slim-singletons.json; add one there and in shared/src/mfe/singletons/${name}.ts.`,
    })),
  {
    name: 'react-router',
    allowTypeImports: true,
    message: 'Import from react-router-dom: the shared router (config/slim-singletons.json).',
  },
];

/** Each shared layer may import only the layers before it, by package name. */
const sharedLayerRules = sharedLayers.map((layer, index) => ({
  files: [`shared/src/${layer}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: restrictImports([
    {
      group: ['../*'],
      message: 'Import another shared layer by its package name, e.g. @blogstream/shared/store.',
    },
    ...(index < sharedLayers.length - 1
      ? [
          {
            group: sharedLayers.slice(index + 1).map((later) => `@blogstream/shared/${later}`),
            message: `shared/${layer} may only import the layers before it: ${sharedLayers.slice(0, index).join(', ') || 'none'}.`,
          },
        ]
      : []),
    {
      group: ['@blogstream/shell', ...remotes.map((remote) => `@blogstream/${remote}`)],
      message: otherPackagesMessage,
    },
    ...(layer === 'ui' ? [] : [iconsFromSharedUi]),
  ]),
}));

/**
 * The server's rooms and what each may import (docs/ARCHITECTURE.md, "The server's rooms"), from
 * config/server-rooms.json, which server/src/rooms.test.ts also checks the import graph against.
 * An entry names the one module of a room another may import: http calls feed fetching on demand
 * (submission checks, a reader's OPML import) through `ingestion/on-demand/index.ts`, never the
 * crawl. The top-level files `compositionRoots` names compose the rooms and may import any of
 * them; no room imports them back (config.ts, paths.ts and version.ts are read by all, but not the
 * whole Config: wholeConfigImport).
 */
const { rooms: serverRooms, compositionRoots } = serverRoomTable;

/** The room of an allowed entry: `ingestion/on-demand/index.ts` is in `ingestion`. */
const roomOf = (entry) => entry.split('/')[0];

/**
 * One zone of what a room may not import at all, and one per room it may import only an entry of
 * (import-x takes exceptions relative to a single `from`).
 */
const serverRoomZones = Object.entries(serverRooms).flatMap(([room, allowed]) => {
  const target = `./server/src/${room}`;
  const message = `server/src/${room} may import only ${allowed.join(', ') || 'npm packages and the contract'} (docs/ARCHITECTURE.md).`;
  const forbidden = Object.keys(serverRooms).filter(
    (other) => other !== room && !allowed.includes(other),
  );
  const entriesOf = (other) => allowed.filter((entry) => roomOf(entry) === other);
  return [
    {
      target,
      from: [
        ...forbidden.filter((other) => entriesOf(other).length === 0),
        ...compositionRoots,
        'testing',
      ].map((path) => `./server/src/${path}`),
      message,
    },
    ...forbidden
      .filter((other) => entriesOf(other).length > 0)
      .map((other) => ({
        target,
        from: `./server/src/${other}`,
        except: entriesOf(other).map((entry) => `./${entry.slice(other.length + 1)}`),
        message,
      })),
  ];
});

/**
 * Inside `db`, the connection plumbing (`db/connection/`: drivers, opening, migrations, the data
 * directory) imports no table module, only the `Db` interface they implement (`db/db.ts`);
 * the table modules import the plumbing's interface, never the other way (decision 0019).
 */
const dbConnectionZone = {
  target: './server/src/db/connection',
  from: './server/src/db',
  except: ['./connection', './db.ts'],
  message: 'db/connection/ imports no table module, only db/db.ts (decision 0019).',
};

/** From the front-end side the server imports only the contract and lib. */
const serverFrontEndImports = {
  group: [
    '@blogstream/shared/*',
    '!@blogstream/shared/contract',
    '!@blogstream/shared/lib',
    'react',
    'react-*',
  ],
  message: 'The server imports only @blogstream/shared/contract and /lib from the front-end side.',
};

/**
 * A module in a room takes the slice of the configuration it reads (a type of its room, such as
 * CrawlConfig or DigestJobConfig), never the whole `Config` of server/src/config.ts: only the
 * composition roots see all of it and hand the slices down (docs/ARCHITECTURE.md, "The server's
 * rooms").
 */
const wholeConfigImport = {
  regex: String.raw`^(\.\./)+config\.js$`,
  importNames: ['Config'],
  message:
    "Take the slice of the configuration this module reads (its room's *Config type); only the composition roots import the whole Config.",
};

/** e2e and bench see the product as a user does. */
const blackBoxImports = {
  group: ['@blogstream/*', '!@blogstream/shared', '../server/*', '../shell/*', '../mfe-*'],
  message: 'e2e and bench are black boxes: HTTP, the browser and contract types only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.nx/**',
      '**/coverage/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.base.json', '*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverRoomZones, dbConnectionZone], basePath: zoneBase },
      ],
    },
  },
  {
    files: ['{shell,shared,mfe-feed,mfe-account,mfe-sources,mfe-static}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  ...sharedLayerRules,
  {
    // Code the browser runs through Module Federation; tests run in jest, first views in Node.
    files: ['{shell,shared,mfe-feed,mfe-account,mfe-sources,mfe-static}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-first-view.tsx', 'shared/src/mfe/singletons/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: slimSingletonImports }],
    },
  },
  ...remotes.flatMap((remote) =>
    packageImports(remote, [
      {
        group: [
          '@blogstream/shell',
          ...remotes.filter((other) => other !== remote).map((other) => `@blogstream/${other}`),
          '../../../*',
        ],
        message: `A remote imports only @blogstream/shared. ${otherPackagesMessage}`,
      },
      iconsFromSharedUi,
    ]),
  ),
  {
    files: remotes.map((remote) => `${remote}/src/features/**/*.{ts,tsx}`),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones, basePath: zoneBase }],
    },
  },
  ...packageImports('shell', [
    {
      group: remotes.map((remote) => `@blogstream/${remote}`),
      message: 'The shell reaches remotes only at run time, through the manifest.',
    },
    iconsFromSharedUi,
  ]),
  {
    files: ['server/src/**/*.ts'],
    rules: restrictImports([serverFrontEndImports]),
  },
  {
    files: Object.keys(serverRooms).map((room) => `server/src/${room}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: restrictImports([serverFrontEndImports, wholeConfigImport]),
  },
  {
    files: ['e2e/**/*.ts'],
    rules: restrictImports([blackBoxImports]),
  },
  {
    files: ['bench/**/*.{ts,mjs,js}'],
    rules: restrictImports([
      blackBoxImports,
      {
        group: ['**/e2e/**'],
        message:
          'bench/lib is the test kit the drills share (bench/README.md); the benches never import e2e.',
      },
    ]),
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
