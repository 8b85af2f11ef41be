// Lint rules. Besides the usual checks, this file holds the architecture's import boundaries:
// Electron IPC only in main/ipc and the preload, Electron only in a few main files, the renderer
// never reaching into main, preload or sandbox code, no import cycles anywhere in src, the
// renderer's features in one order, and main reached only from each feature's bridge hook; and
// limits on the length of src's functions and files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const ipcOnly = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'IPC goes through src/main/ipc and src/preload only.',
};

const RENDERER = 'src/renderer/src';

// The renderer's features in the order they may use one another: each imports only features before
// it. A feature that needs something of a later one (the record panel's "Suggest a change", the
// documents list's note on its owner) gets it as a slot or a callback from the screen that composes
// them (app.tsx). A new feature takes its place in this list.
const FEATURE_ORDER = [
  'contract',
  'connections',
  'review',
  'shortcuts',
  'offline-copy',
  'collections',
  'renewals',
  'drafts',
  'records',
  'rent-review',
  'search',
  'suggestions',
  'portfolio',
  'since',
  'today',
  'palette',
];

const unplaced = readdirSync(new URL(`./${RENDERER}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !FEATURE_ORDER.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length)
  throw new Error(`eslint.config.js: give ${unplaced.join(', ')} a place in FEATURE_ORDER.`);

/** The renderer code every feature may use, which itself uses no feature and not the shell. */
const RENDERER_SHARED = ['lib', 'ui', 'router', 'state', 'labels', 'focus'];

const rendererZones = [
  ...FEATURE_ORDER.slice(0, -1).map((feature, i) => ({
    target: `${RENDERER}/features/${feature}`,
    from: FEATURE_ORDER.slice(i + 1).map((later) => `${RENDERER}/features/${later}`),
    message:
      'Features import only the features before them (FEATURE_ORDER in eslint.config.js): let the screen that composes them pass a slot or a callback.',
  })),
  {
    target: `${RENDERER}/features`,
    from: [`${RENDERER}/shell`, `${RENDERER}/app.tsx`],
    message: 'A feature never reaches into the shell that composes it.',
  },
  {
    target: RENDERER_SHARED.map((folder) => `${RENDERER}/${folder}`),
    from: [`${RENDERER}/features`, `${RENDERER}/shell`, `${RENDERER}/app.tsx`],
    message: 'Shared renderer code uses no feature and not the shell.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'BENCHMARKS.md',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [ipcOnly] }],
    },
  },
  {
    // Imports resolved the way the bundler and TypeScript resolve them: relative, without extensions.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'] })],
    },
    // A cycle runs through our own files only, so the rule does not read into packages.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Size limits as a signal, not a quota: a function or a file past them has usually grown a second
    // concept, which reads better as a piece of its own (a component, a hook, a step, a shared part).
    // Split where that concept ends, never just to get under the number, and never with a disable
    // comment. Blank lines and comments do not count.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: rendererZones }] },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/ipc/**', 'src/main/electron/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only index.ts, ipc/ and electron/ touch Electron; inject what you need.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/sandbox/**', '**/renderer/**'],
              message: 'Main reaches the sandbox over HTTP and never imports renderer code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/ipc/**/*.ts', 'src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'react'],
          patterns: [
            {
              group: ['node:*', '**/main/**', '**/renderer/**', '**/preload/**', '**/sandbox/**'],
              message: 'Shared code has no Node, DOM or Electron and imports no process code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            {
              group: [
                '**/main/**',
                '**/renderer/**',
                '**/preload/**',
                '**/shared/ipc*',
                '**/shared/contract/**',
              ],
              message: 'The sandbox may import only src/shared/service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This rule serves the React Compiler, which PropDesk does not use; the virtualizer is fine without it.
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            {
              group: ['node:*', '**/main/**', '**/preload/**', '**/sandbox/**'],
              message: 'The renderer talks to main only through window.propdesk.',
            },
          ],
        },
      ],
    },
  },
  {
    // The renderer reaches main only through each feature's use-<feature>-api.ts hook (queries,
    // mutations and the events it hears), so what a feature asks of main is read in one file. The
    // shell's bridge sync is the one other holder of the bridge: it is where main's events meet the
    // cache, and it names each event it follows beside what that event changes; wrapping each in its
    // feature's hook would give nine one-line hooks whose only caller is the bridge sync.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/**/use-*-api.ts', 'src/renderer/src/shell/use-bridge-sync.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'propdesk',
          message:
            "Call main through the feature's use-<feature>-api.ts hook, never from a component or a helper.",
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The stand-in mirrors Electron's own declarations, which type listeners and IPC arguments as any.
    files: ['test/support/electron-stand-in/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
