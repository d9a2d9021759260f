// ESLint for the client: type-aware TypeScript rules, the rules of hooks and
// JSX accessibility. Run by `go tool task test:client` (npm run lint), which
// fails on any warning. A rule turned off or down says why on its line.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { plainZone } from './scripts/module-graph.mjs';

/**
 * Which features may use which others' public API (their index.ts). Everything else a feature needs comes from the
 * shared folders; a change another feature shows is refreshed through lib/query-keys.ts, not by importing it.
 */
const FEATURE_DEPENDENCIES = {
  cart: ['catalogue', 'addresses', 'companies'],
  layout: ['cart'],
  quotes: ['catalogue', 'profile', 'companies'],
  reviews: ['orders'],
  orders: ['addresses'],
};

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
    // Feature boundaries (client/README.md, "Features and their boundaries"): a feature imports its own files, the
    // shared folders, and another feature only through that feature's public index.ts, and only where FEATURE_DEPENDENCIES
    // allows it; the shared folders import no feature and no route. The routes (src/app) compose the features.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'src/(app|prerender|api-docs)' },
        { type: 'shared', pattern: 'src/(components|lib|utils|config|types|styles|assets)', capture: ['folder'] },
        { type: 'testing', pattern: 'src/testing' },
      ],
      // A test may render a page or the app's providers around what it tests.
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'code', pattern: '**/*.{ts,tsx}' },
      ],
      // The first pattern a file matches is its one category: a test is not also code.
      'boundaries/files-single-match': true,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' }, file: { categories: 'code' } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'A feature does not import a route: the routes compose the features.',
            },
            {
              from: { element: { type: 'shared' }, file: { categories: 'code' } },
              disallow: { to: { element: { types: ['feature', 'app'] } } },
              message: 'components/, lib/, utils/, config/, types/ and styles/ are shared by every feature: they import no feature and no route.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message:
                'A feature imports another only through its public index.ts, and only where FEATURE_DEPENDENCIES (client/eslint.config.js) allows it.',
            },
            ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, uses]) => ({
              from: { element: { type: 'feature', captured: { feature } } },
              allow: { to: { element: { type: 'feature', captured: { feature: uses }, fileInternalPath: 'index.ts' } } },
            })),
          ],
        },
      ],
    },
  },
  {
    // The component rule (client/README.md, "Components"): the modules rendered outside MUI's theme (the entry, the
    // shell, `/` and the product page, and what they load without withMui: scripts/module-graph.mjs walks them from
    // src/main.tsx) draw with CSS modules. An MUI component there would draw with MUI's default theme, and would put
    // MUI and emotion into the first load of `/` (115 KB gzip).
    files: [...plainZone().keys()],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*'],
              message:
                'This module renders outside MUI’s theme (the first load of / or of a product page): draw it with a CSS module and src/components/ui, or load the part that uses MUI with withMui(() => import(…)).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
