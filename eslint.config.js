import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Type-aware linting (typescript-eslint recommendedTypeChecked) covers these; see docs/decisions.md. */
const typeChecked = [
  'packages/contract/**/*.ts',
  'apps/server/**/*.ts',
  'e2e/**/*.ts',
  'apps/web/**/*.{ts,tsx}',
];
/** Tests and test support: HTTP answers are parsed JSON, typed `any` by light-my-request and Playwright. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**', 'e2e/**/*.ts'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typeChecked })),
  {
    files: typeChecked,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify plugins and the ports' implementations (mail, pub/sub) are async by contract: they
      // must return a promise whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Assertions read answers as `res.json().data.title`: the expectation is the type check there,
    // and typing every answer in every test would restate the contract's schemas by hand.
    files: testFiles,
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every API route's path comes from the contract's `apiPaths`, which the web app calls too
    // (routes.test.ts checks the registered paths against it); a literal here would drift. The files
    // that register API routes (`/metrics`, outside the API, stays in platform/observability).
    files: [
      'apps/server/src/**/*.routes.ts',
      'apps/server/src/plugins/*.ts',
      'apps/server/src/features/document/collaboration.ts',
    ],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/] > :matches(Literal[value=/^\\u002F/], TemplateLiteral).arguments:first-child',
          message: 'Register the route with its path from apiPaths (packages/contract/src/api-paths.ts).',
        },
      ],
    },
  },
  {
    // A call's answer type comes from the contract's `apiResponses` by path name and method
    // (lib/api-client.ts); naming or casting it at the call would hide a mismatch with the server.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][typeArguments]",
          message: "The answer's type comes from apiResponses (packages/contract/src/api-responses.ts).",
        },
        {
          selector:
            "TSAsExpression > CallExpression[callee.object.name='api'], TSAsExpression > AwaitExpression > CallExpression[callee.object.name='api']",
          message: "The answer's type comes from apiResponses (packages/contract/src/api-responses.ts).",
        },
      ],
    },
  },
  {
    // Command-line scripts and benchmarks talk to a person through the console.
    files: ['**/scripts/**', '**/bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
