import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { router } from './router';
import { AppProviders } from './AppProviders';
import { ApiError } from './api/client';
import './global.css';

/** A failed read is tried once more only when the network failed it; a business refusal would answer the same again. */
const retryTransportOnce = (failures: number, error: Error) => failures < 1 && error instanceof ApiError && error.transport;

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: retryTransportOnce, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>
  </StrictMode>,
);
