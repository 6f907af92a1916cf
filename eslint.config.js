import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/drizzle/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Tests read parsed JSON answers; typing every envelope there costs more than it finds.
  { files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: { window: 'readonly', document: 'readonly', fetch: 'readonly' } } },
  // The console reaches the API only through its client (call() and the endpoints checked against the
  // contract's call table); a hand-typed API path anywhere else escapes those checks. (\x2F is the slash.)
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/lib/api/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: "Call the API through call(endpoints.…) from lib/api, not with an '/api/' path." },
        { selector: 'TemplateElement[value.raw=/^\\x2Fapi\\x2F/]', message: "Call the API through call(endpoints.…) from lib/api, not with an '/api/' path." },
      ],
    },
  },
);
