// Lint rules, including the import boundaries of docs/ARCHITECTURE.md ("Folders and the import
// matrix"). The boundaries are checked on RESOLVED paths (eslint-plugin-boundaries with
// eslint-import-resolver-typescript), so `./../worker/x`, `../../../../../server/x` and a dynamic
// `import()` are judged by the file they reach, not by how the path is spelt:
//   domain/ imports nothing of the project outside itself, and only decimal.js, zod, dayjs and @noble/hashes;
//   worker/ imports domain/ and a short list of packages (no React, no DOM, no charts);
//   server/ imports domain/ only, never the app or the worker;
//   src/ imports domain/, and the worker only as types (`import type` from worker/<area>, where
//   each view is declared; the running worker is reached through comlink in src/worker-client.ts);
//   a page of src/pages/<area>/ imports its own area, never another one.
// TypeScript project references (tsconfig.json in each folder, `tsc -b`) refuse the same
// cross-folder imports at compile time; import-x/no-cycle refuses import cycles.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The root tsconfig references every project (domain, worker, src, server, tests).
const TS_PROJECTS = ['tsconfig.json'];

/**
 * Every folder of the repository is one of these elements. Patterns are paths from the
 * repository root; `area` is the page area of `src/pages/<area>/`.
 */
const ELEMENTS = [
  { type: 'page', pattern: 'src/pages/*', partialMatch: false, capture: ['area'] },
  { type: 'app', pattern: 'src', partialMatch: false },
  { type: 'domain', pattern: 'domain', partialMatch: false },
  { type: 'worker', pattern: 'worker', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'locales', pattern: 'locales', partialMatch: false },
  { type: 'tooling', pattern: ['tests', 'bench', 'scripts'], partialMatch: false },
];

const element = (type, captured) => ({ element: captured ? { type, captured } : { type } });
const packages = (names) => ({ module: { origin: 'external', source: names } });
const anything = { to: { module: { origin: ['local', 'external', 'core'] } } };

/** Packages each runtime may import (allowlists) or may not (denylists). */
const DOMAIN_PACKAGES = ['decimal.js', 'zod', 'dayjs', '@noble/hashes', '@noble/hashes/*'];
const WORKER_PACKAGES = ['comlink', 'socket.io-client', 'decimal.js', 'dayjs', 'zod'];
const UI_PACKAGES = ['react', 'react-*', 'valtio', 'lucide-react', 'lightweight-charts', 'qrcode', '@tanstack/*', 'comlink'];
const SERVER_PACKAGES = ['fastify', 'fastify-*', '@fastify/*', 'pg', '@electric-sql/*', 'socket.io', 'sharp', 'tsx'];

/**
 * Who may import whom, on resolved paths. Each runtime first refuses everything (with the message
 * that explains its rule), then allows; a later policy wins over an earlier one.
 */
const POLICIES = [
  {
    from: element('domain'),
    disallow: anything,
    message: `domain/ is pure and shared: it imports only domain/ and ${DOMAIN_PACKAGES.join(', ')} (no Node, no DOM, no UI, no other folder).`,
  },
  { from: element('domain'), allow: [{ to: element('domain') }, { to: packages(DOMAIN_PACKAGES) }] },

  {
    from: element('worker'),
    disallow: anything,
    message: `worker/ imports worker/, domain/ and only ${WORKER_PACKAGES.join(', ')}: no React, no DOM, no charts, no Node, no src/, no server/.`,
  },
  { from: element('worker'), allow: [{ to: element('worker') }, { to: element('domain') }, { to: packages(WORKER_PACKAGES) }] },

  {
    from: element('server'),
    disallow: anything,
    message: 'server/ imports server/, domain/ and locales/ only, never the app, the worker or the tests.',
  },
  {
    from: element('server'),
    allow: [
      { to: element('server') },
      { to: element('domain') },
      { to: element('locales') },
      { to: { module: { origin: ['external', 'core'] } } },
    ],
  },
  { from: element('server'), disallow: { to: packages(UI_PACKAGES) }, message: 'No UI code on the server.' },

  {
    from: [element('app'), element('page')],
    disallow: anything,
    message:
      'src/ imports src/, domain/, locales/ and browser packages: never the server (talk to it over /api), the worker only as types (its running code through src/worker-client.ts), no Node built-ins.',
  },
  {
    from: [element('app'), element('page')],
    allow: [{ to: element('app') }, { to: element('domain') }, { to: element('locales') }, { to: { module: { origin: 'external' } } }],
  },
  {
    from: [element('app'), element('page')],
    disallow: { to: packages([...SERVER_PACKAGES, 'socket.io-client']) },
    message: 'src/ runs in the browser and talks through the worker: no server packages, no socket of its own.',
  },
  // Pages: a page imports its own area folder, never another area's; only the page table loads pages.
  {
    from: [element('app'), element('page')],
    disallow: { to: element('page') },
    message:
      'A page imports only its own area folder (src/pages/<area>/, whose routes.ts loads its pages); shared pieces belong in src/ui, src/state or src/api.',
  },
  { from: element('page'), allow: { to: element('page', { area: '{{ from.element.captured.area }}' }) } },
  // The worker: only its types cross, from the area that declares them; the running worker is reached through comlink.
  { from: [element('app'), element('page')], allow: { to: element('worker'), dependency: { kind: 'type' } } },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'test-results/', 'bench/results/', '.tsbuild/'] },
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
    files: ['domain/**/*.ts', 'worker/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { typescript: { project: TS_PROJECTS } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: TS_PROJECTS })],
      // no-cycle follows imports into these files (by default import-x reads only .js).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'boundaries/elements': ELEMENTS,
      'boundaries/legacy-templates': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        // Refuse what no policy allows, packages and Node built-ins included, and local files outside every element.
        { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies: POLICIES },
      ],
      // Cycles make load order matter and hide layering mistakes; type-only imports do not count.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['worker/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      // useWorkerPreview takes a deps list like useEffect; check it the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useWorkerPreview$' }],
      'react/jsx-key': 'error',
      // A page checks its input with its own area's schemas (`domain/<area>/contract`): the merged
      // contract builds every area's zod schemas when imported (~60 ms of a phone's load, more at 4×).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)domain/api/contract$',
              allowTypeImports: true,
              message: "Import the area's endpoints (domain/<area>/contract) instead: the merged contract builds every area's schemas.",
            },
          ],
        },
      ],
      // A valtio snapshot of the market state copies every pair's ticker each time one changes:
      // read it with useTicker / useMarketField / useSelect (src/state/market.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useSnapshot'][arguments.0.name='marketState']",
          message: 'useSnapshot(marketState) copies every ticker on each tick: use useMarketField or useSelect (src/state/market.ts).',
        },
        {
          selector: "CallExpression[callee.name='useSnapshot'] > MemberExpression.arguments[object.name='marketState']",
          message: 'A snapshot of the market state copies every ticker on each tick: use useTicker or useSelect (src/state/market.ts).',
        },
      ],
      // Every user-facing string goes through i18next.
      'react/jsx-no-literals': [
        'error',
        { noStrings: true, allowedStrings: ['/', '+', '-', '·', '%', '≈', ':', '×', ' '], ignoreProps: true },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
