import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import zones: api is shared and imports neither side; the server never imports the browser side. */
const browserSide = ['**/app/**', '**/features/**', '**/map/**', '**/i18n/**'];

export default tseslint.config(
  {
    ignores: [
      'dist',
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: browserSide, message: 'The service imports src/api only, never the browser side.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser never imports the service.' },
            { group: ['**/app/**'], message: 'Features do not import app/; app composes features.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/features/**', '**/app/**', '**/map/**'],
              message: 'i18n/ is a leaf: features and map import it, it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/map/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/features/**', '**/app/**'], message: 'map/ is a leaf: api only.' },
          ],
        },
      ],
    },
  },
);
