import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Spinner, ToastProvider, BrowserRouter } from '@trustcircle/ui';
import { Frame } from './layout/Frame';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <Frame>
            <Suspense fallback={<Spinner />}>
              <AppRoutes />
            </Suspense>
          </Frame>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
