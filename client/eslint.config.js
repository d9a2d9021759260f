// ESLint for the client: type-aware TypeScript rules, the rules of hooks and
// JSX accessibility. Run by `go tool task test:client` (npm run lint), which
// fails on any warning. A rule turned off or down says why on its line.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/**', 'coverage/**', 'src/types/api.gen.ts']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A form's onSubmit={handleSubmit(...)} is react-hook-form's async handler, which catches and reports its own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Off: it takes react-hook-form's `field` (useController) and handleSubmit for refs (9 of its 13 findings); the rest
      // are deliberate reads in render (the latest callback, the session a guard saw, the hydration gate), and the
      // React Compiler this rule prepares code for is not used here.
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
