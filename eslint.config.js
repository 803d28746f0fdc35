import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// queries.ts, or queries/<concern>.ts once a module's queries are split by concern (modules/messages); from a module's
// own files and from those one folder down (messages/queries/*.ts reach another module as ../../<module>/)
const otherModuleQueries = { regex: '^\\.\\./(\\.\\./)?(?!\\.)[^/]+/queries(\\.ts$|/)', message: "Call the other module's service, not its queries." };
// jobs, lib and plugins sit outside the modules: any module's queries are another module's to them
const anyModuleQueries = { regex: '(^|/)modules/[^/]+/queries(\\.ts$|/)', message: "Call the module's service, not its queries." };
const fastifyImport = { name: 'fastify', message: 'Services and lib stay framework-free.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'packages/db/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // A module reaches another module through its service, never its queries (STYLE rule 2).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleQueries] }] },
  },
  {
    // Nor do the jobs and plugins reach into a module's queries.
    files: ['apps/api/src/jobs/**/*.ts', 'apps/api/src/plugins/**/*.ts', 'apps/api/src/seed/**/*.ts', 'apps/api/src/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyModuleQueries] }] },
  },
  {
    // Services and lib know nothing of Fastify (STYLE rule 4).
    files: ['apps/api/src/modules/**/service.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleQueries, anyModuleQueries], paths: [fastifyImport] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
