import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

/**
 * How the build groups modules into files (rolldown's manual code splitting).
 *
 * - React and its router change rarely: their files stay cached across releases, each until its
 *   own upgrade, and two files rather than one keep what a simple page leaves unrun of each under
 *   Lighthouse's unused-JavaScript line.
 * - In the browser build, the rest of what the entry loads at start (the shell, the API client,
 *   the page table, the shared messages) is one file instead of a dozen small ones: every public
 *   page loads all of them, and each file costs a request and about a kilobyte of response
 *   headers (issue 57's measurements, docs/decisions.md "Light public pages").
 * - Modules loaded on demand (pages, dialogs, antd) are left to the automatic splitting, so
 *   back-office components never join a public page's files. Grouping the public pages' shared
 *   components as well was tried and left out: it reordered the stylesheet (CSS modules are
 *   emitted in chunk order into the one stylesheet) and changed what a page looks like.
 */
export function codeSplitting(isSsrBuild: boolean): CodeSplitting {
  const groups: CodeSplitting['groups'] = [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
    { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
  ];
  // The server build is one process's modules: nothing is downloaded, so nothing to merge.
  if (!isSsrBuild) groups.push({ name: 'index', tags: ['$initial'], priority: 1 });
  return { groups };
}
