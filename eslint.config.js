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
  group: ['vitest', '@testing-library/*', '**/testing/**'],
  message: 'Test tools (vitest, Testing Library, src/testing) are imported by tests only.',
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
 * The service's rooms (src/server/<room>/). Imports run the way a request travels: the entry points (main, cli, app,
 * config at the top) → http, guard → reads, proxy → sources → net, with store beneath them all and places (the
 * gazetteer) shared by sources and import. Only the entry points and cli/ start the demo; only tests and their
 * helpers (src/server/testing/) use the test tools.
 */
const climbsToBrowser = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(${browserFolders.join('|')})/`,
  message: 'The service imports src/api only, never the browser side.',
});
const rooms = (names, message) => ({ group: names.map((name) => `**/${name}/**`), message });
const notDemo = rooms(
  ['demo'],
  'Only the entry points and cli/ import demo/: the demo is started, never built in.',
);
/** src/server/testing/, reached from `depth` levels below src/server (src/testing is the browser's). */
const notTesting = (depth) => ({
  regex: depth === 0 ? '^\\./testing/' : `^(\\.\\./){${depth}}testing/`,
  message: 'testing/ holds test helpers: only tests import it.',
});
const serverTestTools = { name: 'vitest', message: 'Only tests (and testing/) import vitest.' };
/** Each room's fence; a function of the file's depth below src/server where the fence counts levels. */
const serverRooms = {
  http: [
    rooms(
      ['guard', 'reads', 'proxy', 'sources', 'store', 'import', 'cli'],
      'http/ is plumbing: it knows no read, source or store.',
    ),
  ],
  guard: [
    rooms(
      ['reads', 'proxy', 'sources', 'import', 'cli'],
      'guard/ runs before the reads: it imports http and the store interface only.',
    ),
  ],
  reads: [
    rooms(
      ['proxy', 'import', 'cli'],
      'reads/ answers from sources and the store, never through the proxy or the importer.',
    ),
    {
      regex: '(^|/)store/(?!(service-store|service-reads|records|fresh-cache)$)',
      message:
        'reads/ uses the store through its interface (service-store, service-reads, records, fresh-cache), never its internals.',
    },
  ],
  proxy: [rooms(['import', 'cli'], 'proxy/ forwards reads: it imports no command line or importer.')],
  sources: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'import', 'cli'],
      'sources/ are asked by the reads: they import net, places and the store only.',
    ),
  ],
  net: [
    (depth) => ({
      regex: `^(\\.\\./){${depth}}(?!\\.\\./api/)`,
      message: 'net/ is the way out: it imports nothing of the service but src/api.',
    }),
  ],
  store: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'sources', 'net', 'import', 'cli', 'places'],
      'store/ lies beneath every room: it imports src/api only.',
    ),
  ],
  import: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'sources', 'cli'],
      'import/ reads exports into the store: cli/ calls it, never the other way.',
    ),
  ],
  places: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'sources', 'net', 'import', 'cli'],
      'places/ is shared by sources and import: it imports neither.',
    ),
  ],
  cli: [
    rooms(
      ['http', 'guard', 'reads', 'proxy'],
      'cli/ administers the store: it imports no part of the request path.',
    ),
  ],
  camara: [
    rooms(
      ['reads', 'proxy', 'sources', 'import', 'cli'],
      'camara/ is CAMARA Device Location: the consumer asks through net/, the operator answers through the guard, oidc/ and the store.',
    ),
  ],
  oidc: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'sources', 'import', 'cli', 'camara'],
      'oidc/ is the OpenID provider, configured: it imports the store only.',
    ),
  ],
  demo: [
    rooms(
      ['http', 'guard', 'reads', 'proxy', 'cli'],
      'demo/ fills the store: it imports the store, never the service around it.',
    ),
  ],
};

/**
 * The service's files outside tests at one depth below src/server (0: the entry points): the browser fence of that
 * depth, the test tools, demo/ but for the entry points and cli/, and the room's own fence. Later blocks replace the
 * depth-wide one above for the files they name.
 */
function serverFences(depth) {
  const entries =
    depth === 0
      ? [['', [], true]]
      : Object.entries(serverRooms).map(([room, fence]) => [`${room}/`, fence, room === 'cli']);
  return entries.map(([room, fence, startsDemo]) => ({
    files: [`src/server/${room}${'*/'.repeat(Math.max(0, depth - 1))}*.{ts,tsx}`],
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
          ],
        },
      ],
    },
  },
  // The server's own rooms may share a name with a browser folder (server/testing): per depth, only an import
  // that climbs out of src/server into such a folder is refused.
  ...[0, 1, 2, 3].map((depth) => ({
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
  ...[0, 1, 2, 3].flatMap(serverFences),
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
