// `npm run lint`: ESLint and Prettier's check of the formatting, side by side (scripts/lanes.mjs).
import { nodeTool, runInLanes } from './lanes.mjs';

await runInLanes([
  { name: 'eslint .', script: nodeTool('eslint/bin/eslint.js'), args: ['.'] },
  { name: 'prettier --check .', script: nodeTool('prettier/bin/prettier.cjs'), args: ['--check', '.'] },
]);
