import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n';
import { createAppRouter } from './app/router';
import { colorSchemeManager, cssVariablesResolver, theme } from './app/theme';
import { isRefusal } from './components/error-pages/route-error-page';
import { ApiError, setSessionExpiredHandler } from './lib/api-client';
import { initialiseSettings } from './lib/interface-settings';

initialiseSettings();
await initI18n();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (4xx) will be refused again; only transient failures are worth repeating.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
const router = createAppRouter(queryClient);

setSessionExpiredHandler(() => {
  // While a navigation is loading, its route guard redirects to sign-in itself; clearing the cache or
  // navigating from here would cancel the very request it is waiting for.
  if (router.state.status === 'pending') return;
  queryClient.clear();
  const { href } = router.state.location;
  void router.navigate({ to: '/auth/signin', search: href.startsWith('/auth/') ? {} : { redirect: href } });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root, {
  // React logs every error a boundary catches; a refused screen is shown as the 403 page and is no fault.
  onCaughtError: (error, info) => {
    if (!isRefusal(error)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
