// Lint rules, including the import boundaries of docs/ARCHITECTURE.md:
//   domain/ imports nothing of the project outside itself;
//   server/ and worker/ import domain/ only;
//   src/ imports domain/, and the worker only as types, only in src/worker-client.ts.
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const outside = (folders, message, allowTypeImports = false) => ({
  group: folders.flatMap((f) => [
    `../${f}`,
    `../${f}/**`,
    `../../${f}`,
    `../../${f}/**`,
    `../../../${f}`,
    `../../../${f}/**`,
    `../../../../${f}/**`,
  ]),
  message,
  allowTypeImports,
});

const boundary = (patterns, paths = []) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
});

const NODE_BUILTINS = ['fs', 'path', 'os', 'crypto', 'http', 'net', 'child_process', 'worker_threads', 'stream', 'url', 'util'];
const nodeOnly = (message) =>
  NODE_BUILTINS.flatMap((m) => [
    { name: m, message },
    { name: `node:${m}`, message },
  ]);

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'test-results/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: boundary(
      [
        outside(
          ['src', 'worker', 'server', 'tests', 'locales'],
          'domain/ is pure and shared: it imports nothing of the project outside itself.',
        ),
        {
          group: ['react', 'react-*', 'valtio', 'socket.io*', 'fastify*', '@fastify/*', 'pg', '@electric-sql/*', 'comlink'],
          message: 'domain/ may import only decimal.js, zod and dayjs.',
        },
      ],
      nodeOnly('domain/ has no Node APIs.'),
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary([
      outside(['src', 'worker'], 'server/ imports domain/ only, never the app or the worker.'),
      { group: ['react', 'react-*', 'valtio', 'comlink'], message: 'No UI code on the server.' },
    ]),
  },
  {
    files: ['worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: boundary(
      [
        outside(['src', 'server'], 'worker/ imports domain/ only.'),
        { group: ['react', 'react-*', 'valtio', 'lucide-react'], message: 'The worker has no React and no DOM.' },
      ],
      nodeOnly('The worker runs in the browser.'),
    ),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...boundary(
        [
          outside(['server'], 'src/ never imports the server: talk to it over /api.'),
          outside(['worker'], 'src/ talks to the worker only through src/worker-client.ts.'),
        ],
        nodeOnly('src/ runs in the browser.'),
      ),
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react/jsx-key': 'error',
      // Every user-facing string goes through i18next.
      'react/jsx-no-literals': [
        'error',
        { noStrings: true, allowedStrings: ['/', '+', '-', '·', '%', '≈', ':', '×', ' '], ignoreProps: true },
      ],
    },
  },
  {
    files: ['src/worker-client.ts', 'src/state/market.ts'],
    rules: boundary(
      [
        outside(['server'], 'src/ never imports the server: talk to it over /api.'),
        outside(['worker'], 'Only types cross from the worker; the running worker is reached through comlink.', true),
      ],
      nodeOnly('src/ runs in the browser.'),
    ),
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
