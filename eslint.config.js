import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One spelling of the client's address, and /64 groups for IPv6 limits (http/client-address.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/client-address.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='ip'][object.name=/^(request|req)$/]",
          message: 'Use request.clientAddress (logs, audit, allow-list) or request.addressGroup (limits, lockouts, quotas): http/client-address.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A date field hands its form what it shows only through components/DatePickers.tsx, which
    // wraps antd's (antd's range picker, edited at one end, once saved its old value). TimePicker has the
    // same draft-until-确定 behaviour and no wrapper yet.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/DatePickers.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['DatePicker', 'TimePicker'],
              message: 'Use DatePicker or RangePicker from components/DatePickers: they hand the form what they show (docs/decisions.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers point down: features use db, http, storage, cache, content, ops and sms, never the other
    // way (app.ts, the composition root, passes features' pieces in where a lower layer needs one).
    // Tests are exempt: they drive the layers through features.
    files: ['apps/server/src/{db,http,storage,cache,content,ops,sms}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'db/, http/, storage/, cache/, content/, ops/ and sms/ never import features/: move the shared piece down, or pass it in from app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Feature folders import only lower layers (so they form no cycle); the web app's shared
    // components/ and api/ import neither the public site nor the back office (eslint/layers.js).
    // Tests are exempt, as above.
    files: ['apps/server/src/features/**/*.ts', 'apps/web/src/{components,api}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { layers },
    rules: { 'layers/feature-layers': 'error', 'layers/shared-pieces': 'error' },
  },
  {
    // A route table stays short enough to read at once: one call family per table, its calls found
    // from the file's name (docs/architecture.md, "Feature layers"). Handlers over the limit move
    // their work into the feature's service.
    files: [
      'apps/server/src/features/**/{admin,public,routes}.ts',
      'apps/server/src/features/**/*-{admin,public,routes}.ts',
      'apps/server/src/features/pages/web-app.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'bench/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
