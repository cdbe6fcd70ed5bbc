import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import zones. api is shared and imports neither side; the server never imports the browser side. On the
 * browser side imports run one way, app → features → ui → map → state → queries | routing → paint, each folder
 * free to skip floors downwards; i18n (words) and api (the contract) lie beneath them all. No feature imports
 * another: app composes them. The service worker (sw) runs apart from the page: it imports the contract only.
 * Test tools (vitest, Testing Library, src/testing) are for tests alone.
 */
const browserFolders = [
  'app',
  'features',
  'ui',
  'map',
  'state',
  'queries',
  'routing',
  'paint',
  'i18n',
  'sw',
  'testing',
];
const browserSide = browserFolders.map((name) => `**/${name}/**`);
const testTools = {
  group: ['vitest', '@testing-library/*', '**/testing/**', '**/api/fixtures/**'],
  message: 'Test tools (vitest, Testing Library, src/testing, src/api/fixtures) are imported by tests only.',
};
/** The contract's test fixtures: what production code needs of them has its home in src/api (documented-cell.ts). */
const noFixtures = {
  group: ['**/api/fixtures/**'],
  message:
    'src/api/fixtures is for tests: production code takes the documented cell from src/api/documented-cell.',
};
/** The SQLite driver is loaded in one place, in the build this Node can run (src/server/store/sqlite/driver.ts). */
const oneDriver = {
  name: 'better-sqlite3',
  allowTypeImports: true,
  message:
    'Import Database from src/server/store/sqlite/driver: it loads the driver build this Node can run.',
};
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A zone: files under `folder` may not import the folders named in `above`; outside its tests, nor test tools.
 * Two blocks, since the later one's patterns replace the earlier one's for the files both name.
 */
function zone(folder, above, message, extra = []) {
  const upward = [{ group: ['**/server/**', ...above.map((name) => `**/${name}/**`)], message }, ...extra];
  const files = [`src/${folder}/**`];
  return [
    { files, rules: { 'no-restricted-imports': ['error', { patterns: upward }] } },
    {
      files,
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { 'no-restricted-imports': ['error', { patterns: [...upward, testTools] }] },
    },
  ];
}

/*
 * The service's rooms (src/server/<room>/), grouped by capability on a thin platform. Imports run one way: the entry
 * points (main, cli, app, config at the top) → modes (demo, proxy: the mode chosen once) → the capabilities (cells,
 * location, camara-consumer, camara-operator) → platform (http, guard, net, cache) and the store's ports → the
 * store's engines (store/sqlite, store/postgres). admin/ (the command line's commands, the importer, demo seeding)
 * works on the store beside the request path. Only the entry points, admin/ and the demo mode import the demo
 * seeding; only tests and their helpers (src/server/testing/) use the test tools.
 */
const climbsToBrowser = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(${browserFolders.join('|')})/`,
  message: 'The service imports src/api only, never the browser side.',
});
const rooms = (names, message) => ({ group: names.map((name) => `**/${name}/**`), message });
const notDemo = {
  group: ['**/admin/demo-data', '**/admin/towns', '**/modes/demo/**'],
  message: 'Only the entry points, admin/ and the demo mode import the demo: it is started, never built in.',
};
/** src/server/testing/, reached from `depth` levels below src/server (src/testing is the browser's). */
const notTesting = (depth) => ({
  regex: depth === 0 ? '^\\./testing/' : `^(\\.\\./){${depth}}testing/`,
  message: 'testing/ holds test helpers: only tests import it.',
});
const serverTestTools = { name: 'vitest', message: 'Only tests (and testing/) import vitest.' };
/** A room that imports nothing of the service but src/api (and, if named, a few platform files). */
const leaf = (room, message) => (depth) => ({
  regex: `^\\.\\./(?!(\\.\\./){${depth - 1}}\\.\\./api/)`,
  message: `${room} ${message}`,
});
const capabilities = ['cells', 'location', 'camara-consumer', 'camara-operator'];
const engines = {
  regex: '(^|/)store/(sqlite|postgres)/',
  message: 'Capabilities use the store through its ports (src/server/store/*.ts), never an engine.',
};
const storeFence = rooms(
  ['platform/http', 'platform/guard', 'platform/net', ...capabilities, 'modes', 'admin'],
  'store/ lies beneath every room: it imports src/api and platform/maybe only.',
);
/** Each room's fence (its path below src/server), parents before the rooms inside them. */
const serverRooms = {
  platform: [leaf('platform/', 'holds what every room leans on: it imports nothing of the service.')],
  'platform/http': [
    rooms(
      ['guard', ...capabilities, 'modes', 'store', 'admin'],
      'platform/http is plumbing: it knows no read, source or store.',
    ),
  ],
  'platform/guard': [
    rooms(
      [...capabilities, 'modes', 'admin'],
      'platform/guard is every door: it imports http and the store ports.',
    ),
    engines,
  ],
  'platform/net': [leaf('platform/net', 'is the one way out: it imports nothing of the service.')],
  'platform/cache': [leaf('platform/cache', 'is a cache policy: it imports nothing of the service.')],
  cells: [
    rooms(
      ['camara-consumer', 'camara-operator', 'modes', 'admin'],
      'cells/ answers from its sources and the store, never through a mode, CAMARA or the command line.',
    ),
    engines,
  ],
  location: [
    rooms(
      ['cells', 'camara-operator', 'modes', 'admin'],
      'location/ answers from the store or the CAMARA consumer.',
    ),
    engines,
  ],
  'camara-consumer': [
    rooms(
      ['cells', 'location', 'camara-operator', 'modes', 'admin', 'http', 'guard'],
      'camara-consumer/ asks operators through platform/net and keeps its state in the store ports.',
    ),
    engines,
  ],
  'camara-operator': [
    rooms(
      ['cells', 'location', 'camara-consumer', 'modes', 'admin'],
      'camara-operator/ answers through the guard, its OpenID provider and the store ports.',
    ),
    engines,
  ],
  modes: [rooms(['admin/import'], 'A mode composes the request path: it imports no importer.')],
  store: [storeFence],
  'store/sqlite': [
    storeFence,
    rooms(['postgres'], 'store/sqlite is one engine: it never imports the other.'),
  ],
  'store/postgres': [
    storeFence,
    rooms(['sqlite'], 'store/postgres is one engine: it never imports the other.'),
  ],
  admin: [
    rooms(
      ['platform/http', 'platform/guard', 'location', 'modes'],
      'admin/ administers the store: it imports no part of the request path.',
    ),
  ],
};

/**
 * The service's files outside tests, per room and per depth below src/server (0: the entry points): the browser
 * fence of that depth, the test tools, the demo but for the entry points, admin/ and the demo mode, and the room's
 * own fence. A room's block follows its parent's, so it replaces the parent's for the files it names.
 */
function serverFences() {
  const entries = [['', 0, [], true]];
  for (const [room, fence] of Object.entries(serverRooms)) {
    const own = room.split('/').length;
    for (let depth = own; depth <= 3; depth += 1) {
      const startsDemo = room === 'admin' || room === 'modes';
      entries.push([`${room}/${'*/'.repeat(depth - own)}`, depth, fence, startsDemo]);
    }
  }
  return entries.map(([path, depth, fence, startsDemo]) => ({
    files: [`src/server/${path}*.{ts,tsx}`],
    ignores: ['src/server/**/*.test.ts', 'src/server/store/sqlite/driver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneDriver, serverTestTools],
          patterns: [
            climbsToBrowser(depth),
            ...(startsDemo ? [] : [notDemo]),
            notTesting(depth),
            noFixtures,
            ...fence.map((part) => (typeof part === 'function' ? part(depth) : part)),
          ],
        },
      ],
    },
  }));
}

/** Another feature's folder, however it is reached: `../cell/…` or `…/features/cell/…`. */
const otherFeature = (own) => ({
  regex: `(^\\.\\./|/features/)(?!${own}/)[\\w-]+/`,
  message: 'A feature does not import another feature; app composes them.',
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'test-results',
      'playwright-report',
      'data',
      'bench/out',
      'docs/screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // bench/random-path.cjs: autocannon's worker threads require() the files they are given.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/api/**'],
    ignores: ['src/api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/api is runtime-neutral: no node: modules.' },
            {
              group: ['react', 'react-dom', 'react-leaflet', 'leaflet'],
              message: 'src/api imports no UI library.',
            },
            { group: [...browserSide, '**/server/**'], message: 'src/api imports neither side.' },
            testTools,
            { group: ['./fixtures/*'], message: noFixtures.message },
          ],
        },
      ],
    },
  },
  // The server's own rooms may share a name with a browser folder (server/testing): per depth, only an import
  // that climbs out of src/server into such a folder is refused.
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`src/server/${'*/'.repeat(depth)}*.{ts,tsx}`],
    ignores: ['src/server/store/sqlite/driver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneDriver],
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(${browserFolders.join('|')})/`,
              message: 'The service imports src/api only, never the browser side.',
            },
          ],
        },
      ],
    },
  })),
  ...serverFences(),
  {
    files: ['bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneDriver] }] },
  },
  ...zone(
    'i18n',
    ['app', 'features', 'ui', 'map', 'state', 'queries', 'routing', 'paint'],
    'i18n/ holds words: it imports src/api only.',
  ),
  ...zone(
    'sw',
    ['app', 'features', 'ui', 'map', 'state', 'queries', 'routing', 'paint', 'i18n'],
    'sw/ is the service worker: it imports src/api only.',
  ),
  ...zone(
    'paint',
    ['app', 'features', 'ui', 'map', 'state', 'queries', 'routing', 'i18n'],
    'paint/ schedules work around frames: it imports nothing of the app.',
  ),
  ...zone(
    'routing',
    ['app', 'features', 'ui', 'map', 'state', 'queries', 'i18n'],
    'routing/ is the address: it imports paint and api only.',
  ),
  ...zone(
    'queries',
    ['app', 'features', 'ui', 'map', 'state', 'routing', 'paint', 'i18n'],
    'queries/ holds query keys and the read policy: it imports src/api only.',
  ),
  ...zone(
    'state',
    ['app', 'features', 'ui', 'map', 'i18n'],
    'state/ is what the tab shares: it imports queries, routing, paint and api only.',
  ),
  ...zone(
    'map',
    ['app', 'features', 'ui'],
    'map/ imports state and the floors beneath it, never a feature or app.',
  ),
  ...zone(
    'ui',
    ['app', 'features'],
    'ui/ is the shared kit: map and the floors beneath it, never a feature or app.',
  ),
  ...features.flatMap((feature) =>
    zone(`features/${feature}`, ['app'], 'Features do not import app/; app composes features.', [
      otherFeature(feature),
    ]),
  ),
  ...zone('app', [], 'app/ composes the browser side; it never imports the service.'),
  {
    // Test tools for the browser side's tests: never imported by the app itself (the zones above say so).
    files: ['src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Browser tests do not import the service.' }] },
      ],
    },
  },
  {
    // Small rooms: no source file over 300 lines, no function over 80 (the catalogs are data, not code).
    files: ['src/{api,app,state,queries,routing,paint,testing,ui,map,i18n,features,sw}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/i18n/en.ts', 'src/i18n/fi.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The service too: no source file over 300 lines, no function over 80. A shared suite in testing/ is a test
    // file's body, held to its file's length only.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/{api,app,state,queries,routing,paint,testing,ui,map,i18n,features,sw}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
);
