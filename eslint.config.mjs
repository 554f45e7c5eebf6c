// ESLint for the TypeScript of src/, test/ and bench/: typescript-eslint's type-aware recommended
// rules. Layout is Prettier's business (npm run format); this catches the mistakes a formatter cannot.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'out-*/',
      'examples/',
      'skills-templates/',
      'test/host/fixtures/',
      'test/data/review-repos/',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `void p` does not handle p's rejection: in the extension host a rejection nobody awaits is
      // a lost error. Each promise is awaited, caught, or carries a disable comment saying why not.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false, checkThenables: true }],
      // An async method that implements a Promise-returning interface without awaiting is the plain
      // form of it; a promise left unawaited inside one is no-floating-promises' to catch.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // node:test's test() returns a promise that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['test', 'describe', 'it', 'suite'], package: 'node:test' },
          ],
        },
      ],
      // Tests read untyped JSON (a CLI's output, a protocol message, JSON.parse) and assert its
      // shape: the assertion is the check, so `any` is how such a value honestly arrives.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
