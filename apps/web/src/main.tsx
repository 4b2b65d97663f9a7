// The styles of what the first screen shows (sign-in, the loader, error pages); the signed-in shell brings
// the rest with its own chunk (app/layout/app-layout.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultParseSearch, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AccountPreferencesApplier } from './app/account-preferences';
import { initI18n, screenTranslations } from './app/i18n';
import { createAppRouter } from './app/router';
import { FULL_SCREENS, mayOpen, SCREENS } from './app/screens';
import { colorSchemeManager, cssVariablesResolver, theme } from './app/theme';
import { isRefusal } from './components/error-pages/route-error-page';
import { ApiError, setSessionExpiredHandler } from './lib/api-client';
import { initialiseSettings, readLocale } from './lib/interface-settings';
import { session } from './lib/session';

initialiseSettings();
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (4xx) will be refused again; only transient failures are worth repeating.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
// A returning user's screen needs the signed-in shell, the user, the screens' words, the screen's code and its
// first data: they are fetched at once, side by side, instead of one after the other as the router and then
// the rendered screen reach each. The router's guard and the screen then find them in flight or done.
if (session.isLoggedIn()) {
  void import('./app/layout/app-layout');
  const user = import('./lib/current-user');
  void user.then(({ currentUserQuery }) => queryClient.prefetchQuery(currentUserQuery));
  void screenTranslations(readLocale());
  // A page's first number formatter loads Intl's number data, a pause that fell in the middle of a list's first render
  // and held a phone's main thread; made now, it loads while the page waits for its code and data.
  setTimeout(() => new Intl.NumberFormat(readLocale()).format(0));
  const screen = [...SCREENS, ...FULL_SCREENS].find((candidate) => candidate.path === window.location.pathname);
  const code = screen?.load();
  if (screen && code && mayOpen(screen, session.user()?.role)) {
    // Once the user's module is there too: it tells zod not to try eval, which the Content-Security-Policy
    // refuses, before the page's answer is parsed.
    void Promise.all([code, user]).then(([{ prefetch }]) =>
      prefetch?.(queryClient, defaultParseSearch(window.location.search)),
    );
  }
} else {
  // Signed out, every page leads to sign-in: its code comes beside the first screen's words, not after them.
  void import('./features/auth/components/sign-in-page');
}
await initI18n();
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
      <AccountPreferencesApplier />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
