// ESLint flat config: typescript-eslint's recommended rules plus the house rules of STYLE.md
// (type-only imports, no console in the library).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '**/__fixtures__/**/out/**',
      '.ci/**',
      '.bench-tmp/**',
      '.consumer-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // With decorator metadata on, a class used only as a decorated parameter's type is a run-time
    // value (design:paramtypes): consistent-type-imports must not turn it into `import type`.
    languageOptions: {
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        {
          prefer: 'type-imports',
          fixStyle: 'separate-type-imports',
          disallowTypeAnnotations: false,
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['src/**/*.ts', 'codegen/**/*.ts'],
    ignores: ['**/*.test.ts', 'codegen/cli.ts', 'codegen/cli/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Generated manifests open with /* eslint-disable */ for the projects whose style rules
    // (prettier's) their JSON breaks; no rule here reports on them, so the directive is unused.
    files: ['**/tools.manifest.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    files: ['**/*.js', 'bin/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
