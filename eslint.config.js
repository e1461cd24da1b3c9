// Lint rules the project keeps: typescript-eslint's recommended set, no import cycles, and the
// layering of the command tree (see docs/architecture.md): a command folder imports only its own
// files and src/commands/shared/, and what `fiscal --help` loads never imports zod, undici, XML,
// prompts or a wire schema (type imports are fine: they vanish at build).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const HEAVY = ['zod', 'undici', 'fast-xml-parser', '@inquirer/*', 'ora', 'conf', 'execa'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      // TypeScript knows the globals of Node (and the bench scripts run on it).
      'no-undef': 'off',
      // Terminal output is matched with its escape codes; East Asian widths on purpose.
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_|Schema$', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    // A command folder reaches another only through src/commands/shared/ (the type groups, `fiscal
    // mdfe search` = `fiscal search mdfe`, are made from the registry in program.ts).
    files: ['src/commands/*/**/*.ts'],
    ignores: ['src/commands/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!shared/|\\.\\./)[^/]+/',
              message: 'a command folder imports only its own files and ../shared/',
            },
          ],
        },
      ],
    },
  },
  {
    // The --help path: declarations, the program, the tree generators, and every module they load
    // (test/unit/startup-bundle.test.ts checks the built bundle the same way).
    files: [
      'src/cli.ts',
      'src/main.ts',
      'src/program.ts',
      'src/commands/*/index.ts',
      'src/commands/shared/define.ts',
      'src/commands/shared/document-flags.ts',
      'src/commands/events/flags.ts',
      'src/commands/pdf/verbs.ts',
      'src/commands/shared/records-verbs.ts',
      'src/commands/shared/ocr-upload-flags.ts',
      'src/commands/pull/flags.ts',
      'src/commands/shared/type-groups.ts',
      'src/cli-tree/**/*.ts',
      'src/fiscal/doc-types.ts',
      'src/fiscal/access-key.ts',
      'src/fiscal/record-values.ts',
      'src/fiscal/latam/countries.ts',
      'src/api/wire/words.ts',
      'src/errors.ts',
      'src/local-files.ts',
      'src/runtime.ts',
      'src/fiscal/event-codes.ts',
      'src/fiscal/readers/common.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: HEAVY,
              allowTypeImports: true,
              message: 'loaded for --help: import it in the verb module, or as a type',
            },
            {
              regex: '/wire/(?!words\\.js$)',
              allowTypeImports: true,
              message: 'loaded for --help: wire schemas belong to the verb module (type imports are fine)',
            },
          ],
        },
      ],
    },
  },
);
