import type { User } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { ErrorPage } from '../components/error-pages/error-page';
import { ForbiddenError, RouteErrorPage } from '../components/error-pages/route-error-page';
import { FullScreenLoader } from '../components/full-screen-loader';
import { devModeQuery } from '../features/auth/api';
import { safeRedirect } from '../features/auth/safe-redirect';
import { mayEditComponents } from '../features/components/permissions';
import { ApiError } from '../lib/api-client';
import { readLocale } from '../lib/interface-settings';
import { sessionKeys } from '../lib/query-keys/session';
import { session } from '../lib/session';
import { screenTranslations } from './i18n';
import { AuthLayout } from './layout/auth-layout';
import { FULL_SCREENS, mayOpen, SCREENS, type Screen } from './screens';

/** The signed-in shell, with the code and words of its screens: the sign-in page downloads none of it. */
const AppLayout = lazyRouteComponent(() => import('./layout/app-layout'), 'AppLayout');
/**
 * The layout of screens that take the whole window, which comes with the shell's chunk: a chunk of its own made the
 * bundler split the code the two share differently, and the sign-in page outgrew its budget (ADR 0023).
 */
const FullScreenLayout = lazyRouteComponent(() => import('./layout/app-layout'), 'FullScreenLayout');

export type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths: signed out they go to sign-in like every other path; signed in they show 404 in the shell.
  notFoundComponent: () =>
    session.isLoggedIn() ? (
      <AppLayout>
        <ErrorPage kind="404" />
      </AppLayout>
    ) : (
      <Navigate to="/auth/signin" search={{ redirect: window.location.pathname + window.location.search }} replace />
    ),
});

const authLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'auth-layout', component: AuthLayout });

/** Where to go once signed in: `?redirect=` of the sign-in, new-password and two-factor setup pages. */
const redirectSearch = (search: Record<string, unknown>): { redirect?: string } =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {};

const signInRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/auth/signin',
  validateSearch: redirectSearch,
  beforeLoad: ({ search }) => {
    if (session.isLoggedIn()) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyRouteComponent(() => import('../features/auth/components/sign-in-page')),
});

/**
 * Reads the signed-in user and the screens' words, or sends to sign-in and back to `returnTo`. A session signed in with
 * a temporary password is sent to set a new one first, then an administrator the security policy requires two-factor
 * sign-in of to turn it on, and back afterwards: the server refuses them everything else.
 */
async function restoreSession({
  context,
  location,
}: {
  context: RouterContext;
  location: { href: string };
}): Promise<{ user: User }> {
  const user = await signedInUser(context, location.href);
  if (user.mustChangePassword) throw redirect({ to: '/auth/new-password', search: { redirect: location.href } });
  if (user.mustSetUpTwoFactor) throw redirect({ to: '/auth/two-factor-setup', search: { redirect: location.href } });
  return { user };
}

async function signedInUser(context: RouterContext, returnTo: string | undefined) {
  const toSignIn = () => redirect({ to: '/auth/signin', search: returnTo === undefined ? {} : { redirect: returnTo } });
  if (!session.isLoggedIn()) throw toSignIn();
  try {
    // The user's query checks its answer against the contract's schema, so it comes with the signed-in
    // shell's code: the sign-in page downloads no schema (ADR 0023).
    const [user] = await Promise.all([
      import('../lib/current-user').then(({ currentUserQuery }) =>
        context.queryClient.ensureQueryData(currentUserQuery),
      ),
      screenTranslations(readLocale()),
    ]);
    return user;
  } catch (error) {
    // The API client already tried a refresh and cleared the stored session; drop what was cached for it.
    if (error instanceof ApiError && error.status === 401) {
      session.clear();
      context.queryClient.clear();
      throw toSignIn();
    }
    throw error;
  }
}

/** Setting a new password in place of a temporary one, in the bare layout of sign-in; anyone else goes on. */
const newPasswordRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/auth/new-password',
  validateSearch: redirectSearch,
  beforeLoad: async ({ context, search }) => {
    const user = await signedInUser(context, search.redirect);
    if (!user.mustChangePassword) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyRouteComponent(() => import('../features/auth/components/new-password-page')),
});

/** Turning on two-factor sign-in the security policy requires, in the bare layout of sign-in; anyone else goes on. */
const twoFactorSetupRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/auth/two-factor-setup',
  validateSearch: redirectSearch,
  beforeLoad: async ({ context, search }) => {
    const user = await signedInUser(context, search.redirect);
    if (user.mustChangePassword) throw redirect({ to: '/auth/new-password', search });
    if (!user.mustSetUpTwoFactor) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: lazyRouteComponent(() => import('../features/auth/components/two-factor-setup-page')),
});

/** Everything behind sign-in in the app's layout. Restoring the session shows the full-screen loader. */
const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: restoreSession,
  pendingComponent: FullScreenLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  component: AppLayout,
});

/** Screens behind sign-in that take the whole window (FULL_SCREENS). */
const fullScreenLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'full-screen',
  beforeLoad: restoreSession,
  pendingComponent: FullScreenLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  component: FullScreenLayout,
});

/** A screen's role guard: a role the screen does not list gets the 403 page. */
const guardedBy =
  (screen: Pick<Screen, 'roles'>) =>
  ({ context }: { context: { user: User } }) => {
    if (!mayOpen(screen, context.user.role)) throw new ForbiddenError();
  };

const screenRoutes = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: screen.path,
    beforeLoad: guardedBy(screen),
    component: lazyRouteComponent(screen.load),
  }),
);

const fullScreenRoutes = FULL_SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => fullScreenLayoutRoute,
    path: screen.path,
    beforeLoad: guardedBy(screen),
    component: lazyRouteComponent(screen.load),
  }),
);

// Component screens beyond the list (PRODUCT.md §4): the detail for everyone, the form for workers and administrators.
const onlyComponentEditors = ({ context }: { context: { user: User } }) => {
  if (!mayEditComponents(context.user.role)) throw new ForbiddenError();
};
const componentNewRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/components/new',
  beforeLoad: onlyComponentEditors,
  component: lazyRouteComponent(() => import('../features/components/component-new-page')),
});
const componentDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/components/$componentId',
  component: lazyRouteComponent(() => import('../features/components/component-detail-page')),
});
const componentEditRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/components/$componentId/edit',
  beforeLoad: onlyComponentEditors,
  component: lazyRouteComponent(() => import('../features/components/component-edit-page')),
});
const componentRoutes = [componentNewRoute, componentDetailRoute, componentEditRoute];

// The UI kit (PRODUCT.md §6). Outside developer mode these paths do not exist: they answer with the 404 page, and the
// server decides (its dev-mode answer). Which kit page an address shows is looked up in the kit's own chunk, so that
// its list of pages never reaches the first screen's code.
const KIT_PATHS = ['/elements/$page', '/datatables/$page', '/forms/$page', '/charts', '/widgets', '/pages/$page'];
const KitPageRoute = lazyRouteComponent(() => import('../features/ui-kit/kit-route'));
const uiKitRoutes = KIT_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    beforeLoad: async ({ context }) => {
      if (!(await context.queryClient.ensureQueryData(devModeQuery)).devMode) throw notFound();
    },
    component: KitPageRoute,
  }),
);

const routeTree = rootRoute.addChildren([
  authLayoutRoute.addChildren([signInRoute, newPasswordRoute, twoFactorSetupRoute]),
  appLayoutRoute.addChildren([...screenRoutes, ...componentRoutes, ...uiKitRoutes]),
  fullScreenLayoutRoute.addChildren(fullScreenRoutes),
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultErrorComponent: RouteErrorPage,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  // The security policy may come to require two-factor sign-in of an administrator signed in without it: the server
  // then refuses their requests with TWO_FACTOR_SETUP_REQUIRED. The user read again, the route's guard (restoreSession)
  // sends to the setup.
  const followRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED') {
      void queryClient.refetchQueries({ queryKey: sessionKeys.me() }).then(() => router.invalidate());
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') followRefusal(event.action.error);
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') followRefusal(event.action.error);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
