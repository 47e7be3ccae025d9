// Lint rules, and the import boundaries of CONVENTIONS.md: shared imports neither side, the client never
// imports the server, and client features never import each other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['**/server/**', 'fastify', 'fastify/*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/pglite', 'exceljs', 'pino'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'dev-dist/**', 'src/server/db/migrations/**', 'src/client/routeTree.gen.ts', 'scripts/tmp/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a z.enum or a string-literal union instead of a TypeScript enum.' }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/client/**'], message: 'src/shared is the contract: it imports neither the server nor the client.' },
            { group: ['react', 'react-dom', 'react/*', 'node:*', ...serverOnly.filter((p) => p !== '**/server/**')], message: 'src/shared holds no React and no Node code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...serverOnly, 'node:*'], message: 'The client never imports the server or Node modules.' }] },
      ],
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...serverOnly, 'node:*'], message: 'The client never imports the server or Node modules.' },
            { group: ['**/features/**'], message: 'Features never import each other: lift shared code into components/ or lib/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
