// `npm run typecheck`: every TypeScript file checked (`tsc -p`), the projects side by side
// (scripts/lanes.mjs). The server, the journeys and the benchmarks are checked as one program
// (tsconfig.node.json): the journeys and benchmarks import the server, so checked apart each
// checked the server's code again (docs/decisions.md).
import { nodeTool, runInLanes } from './lanes.mjs';

const tsc = nodeTool('typescript/bin/tsc');

/** Longest first. */
const projects = ['tsconfig.node.json', 'apps/web', 'packages/shared'];

await runInLanes(projects.map((project) => ({ name: `tsc -p ${project}`, script: tsc, args: ['-p', project] })));
