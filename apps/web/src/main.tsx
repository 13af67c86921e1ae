import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { storageKeys } from '@portal/shared';
import { loadRoutesFor, routes } from './router';
import { AppProviders, browserDisplay } from './AppProviders';
import { createQueryClient, hydratePageState, QUERY_STATE_ID } from './queryClient';
import './global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
// A server-rendered public page brings the data it was drawn from: the first render reads it
// instead of asking the API again, and matches the server's HTML.
const state = document.getElementById(QUERY_STATE_ID)?.textContent;
if (state) hydratePageState(queryClient, state);

/**
 * The server draws pages for visitors. Once a member's browser has hydrated one (showing what
 * the server drew, so nothing mismatches), it asks again for what it holds, as after signing
 * in: a member-only article's refusal becomes the article, search results gain member texts.
 */
function AskAgainForMember() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'memberInfo' });
  }, [client]);
  return null;
}
const drawnForVisitorHeldByMember = Boolean(state) && localStorage.getItem(storageKeys.memberToken) !== null;

/**
 * Marks the page as running (`<html data-app-started>`) once React has hydrated or drawn the
 * whole tree: a root's effects run after that commit. Hydration runs as a transition, so the
 * root exists well before its fields answer: a choice made in a server-drawn select meanwhile is
 * put back to the form's state. The journeys wait for this mark (e2e/test.ts appStarted).
 */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return null;
}

// The router is made after the page's modules are loaded: it copies the routes when made.
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppProviders display={browserDisplay()}>
        <RouterProvider router={router} />
        {drawnForVisitorHeldByMember && <AskAgainForMember />}
        <MarkStarted />
      </AppProviders>
    </QueryClientProvider>
  </StrictMode>
);
void loadRoutesFor(window.location).then(() => {
  const page = app(createBrowserRouter(routes));
  // The back office and pages served without server rendering arrive with an empty root.
  // Hydrating as a transition lets React yield to the browser between components, so a phone
  // does not freeze for the whole page (one long task before); a click meanwhile hydrates its
  // part at once and is replayed.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, page));
  else createRoot(container).render(page);
});
