// Lint rules, and the import boundaries of CONVENTIONS.md checked on resolved paths: shared imports neither
// side, the client and the server never import each other, a client feature never imports another one,
// components/ and lib/ never import features/ or routes/, and no module imports itself round a cycle.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  { target: './src/shared', from: ['./src/server', './src/client'], message: 'src/shared is the contract: it imports neither the server nor the client.' },
  { target: './src/client', from: './src/server', message: 'The client never imports the server: share it through src/shared.' },
  { target: './src/server', from: './src/client', message: 'The server never imports the client: share it through src/shared.' },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/routes'],
    message: 'components/ and lib/ serve every feature, so they never import a feature or a route.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features never import each other: lift shared code into components/ or lib/.',
  })),
];

const serverOnly = ['**/server/**', 'fastify', 'fastify/*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/pglite', 'exceljs', 'pino'];

// On Node 24 the root of date-fns costs the server 0.7 s of every start (README, Node versions).
const dateFnsRoot = { name: 'date-fns', message: "Server code imports date-fns one function at a time: 'date-fns/format'." };

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'dev-dist/**', 'src/server/db/migrations/**', 'src/client/routeTree.gen.ts', 'scripts/tmp/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
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
          paths: [dateFnsRoot],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [dateFnsRoot] }] },
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
