import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import zones. api is shared and imports neither side; the server never imports the browser side. On the
 * browser side imports run one way, app → features → ui → map → session, each folder free to skip floors
 * downwards; i18n (words) and api (the contract) lie beneath them all. No feature imports another: app
 * composes them. The service worker (sw) runs apart from the page: it imports the contract only.
 */
const browserSide = [
  '**/app/**',
  '**/features/**',
  '**/ui/**',
  '**/map/**',
  '**/session/**',
  '**/i18n/**',
  '**/sw/**',
];
/** The SQLite driver is loaded in one place, in the build this Node can run (src/server/store/sqlite.ts). */
const oneDriver = {
  name: 'better-sqlite3',
  allowTypeImports: true,
  message: 'Import Database from src/server/store/sqlite: it loads the driver build this Node can run.',
};
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A zone: files under `folder` may not import the folders named in `above`. */
function zone(folder, above, message, extra = []) {
  return {
    files: [`src/${folder}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', ...above.map((name) => `**/${name}/**`)], message }, ...extra],
        },
      ],
    },
  };
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
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/store/sqlite.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneDriver],
          patterns: [
            { group: browserSide, message: 'The service imports src/api only, never the browser side.' },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneDriver] }] },
  },
  zone('i18n', ['app', 'features', 'ui', 'map', 'session'], 'i18n/ holds words: it imports src/api only.'),
  zone(
    'sw',
    ['app', 'features', 'ui', 'map', 'session', 'i18n'],
    'sw/ is the service worker: it imports src/api only.',
  ),
  zone(
    'session',
    ['app', 'features', 'ui', 'map', 'i18n'],
    'session/ is shared state: it imports src/api only.',
  ),
  zone('map', ['app', 'features', 'ui'], 'map/ imports session, i18n and api, never a feature or app.'),
  zone(
    'ui',
    ['app', 'features'],
    'ui/ is the shared kit: session, map, i18n and api, never a feature or app.',
  ),
  ...features.map((feature) =>
    zone(`features/${feature}`, ['app'], 'Features do not import app/; app composes features.', [
      otherFeature(feature),
    ]),
  ),
  {
    // Small rooms: no source file over 300 lines, no component over 80 (the catalogs are data, not code).
    files: ['src/{app,session,ui,map,i18n,features,sw}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/i18n/en.ts', 'src/i18n/fi.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/{app,session,ui,map,features}/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
);
