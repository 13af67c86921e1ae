import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadRoutesFor, routes } from './router';
import { AppProviders } from './AppProviders';
import { createQueryClient, hydratePageState, QUERY_STATE_ID } from './queryClient';
import './global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
// A server-rendered public page brings the data it was drawn from: the first render reads it
// instead of asking the API again, and matches the server's HTML.
const state = document.getElementById(QUERY_STATE_ID)?.textContent;
if (state) hydratePageState(queryClient, state);

// The router is made after the page's modules are loaded: it copies the routes when made.
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <RouterProvider router={router} />
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
