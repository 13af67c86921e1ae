import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { routes } from './router';
import { AppProviders } from './AppProviders';
import { createQueryClient, hydratePageState, QUERY_STATE_ID } from './queryClient';
import './global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
// A server-rendered public page brings the data it was drawn from: the first render reads it
// instead of asking the API again, and matches the server's HTML.
const state = document.getElementById(QUERY_STATE_ID)?.textContent;
if (state) hydratePageState(queryClient, state);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </QueryClientProvider>
  </StrictMode>
);
// The back office and pages served without server rendering arrive with an empty root.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
