import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A date field hands its form what it shows only through components/DatePickers.tsx, which
    // wraps antd's (issue 52: a range edited at one end saved its old value). TimePicker has the
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
    // Layers point down: features use db, http, storage, cache and content, never the other way
    // (app.ts, the composition root, passes features' pieces in where a lower layer needs one).
    // Tests are exempt: they drive the layers through features.
    files: ['apps/server/src/{db,http,storage,cache,content}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'db/, http/, storage/, cache/ and content/ never import features/: move the shared piece down, or pass it in from app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'bench/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
