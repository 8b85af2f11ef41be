// Lint rules. Besides the usual checks, this file holds the architecture's import boundaries:
// Electron IPC only in main/ipc and the preload, Electron only in a few main files, and the
// renderer never reaching into main, preload or sandbox code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ipcOnly = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'IPC goes through src/main/ipc and src/preload only.',
};

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
    // Screens reach main only through their feature's use-<feature>-api.ts hooks (queries and mutations)
    // and the shell's bridge sync; a component never calls the bridge itself.
    files: ['src/renderer/**/*.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'propdesk',
          message: "Call main through the feature's use-<feature>-api.ts hook, never from a component.",
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
