import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node preloads (`node --require`) are CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}', 'packages/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      // The contract's schema modules build zod schemas when they load (a third of a second on a
      // phone, in the home page's start): the app takes only types from them, values from the
      // modules without zod.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@app/contract(/(?!(constants|rules|status-codes|wire|account-rules|menu-filters|money)$).*)?$',
              allowTypeImports: true,
              message:
                'values from the zod-free contract modules only (constants, rules, status-codes, wire, account-rules, menu-filters, money)',
            },
          ],
        },
      ],
      // Back closes every dialog first (issue 25 item 9): notices.ts gives its dialogs a history
      // entry, antd's own imperative ones have none.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(Dialog|Modal)$/][property.name=/^(alert|confirm|show)$/]',
          message: 'use showAlert / showConfirm / showDialog from app/shell/notices.ts: back closes those',
        },
      ],
    },
  },
);
