import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RequireAuth } from './guards/require-auth';
import { page, plainPage, preloadPage } from './page';
import { Root } from './root';

const home = () => import('./routes/home');
/** /about and the policy pages: one page, whose text follows the path. */
const siteDocument = () => import('./routes/site-document');
/** Issue 45's three pages, one chunk (routes/company.tsx); /dashboard/company is routes/dashboard/company.tsx. */
const companyPages = page(() => import('./routes/company'));
/** The cart's page serves /quick-order too; the payment page a cart's old payment link. */
const cartPage = page(() => import('./routes/cart'));
const paymentPage = page(() => import('./routes/payment'));

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Root />,
    children: [
      { index: true, element: plainPage(home) },
      { path: paths.homeAlias, element: plainPage(home) },
      { path: paths.products, element: page(() => import('./routes/products')) },
      { path: paths.product.pattern, element: plainPage(() => import('./routes/product')) },
      { path: paths.login, element: page(() => import('./routes/login')) },
      { path: paths.register, element: page(() => import('./routes/register')) },
      { path: paths.forgotPassword, element: page(() => import('./routes/forgot-password')) },
      { path: paths.resetPassword, element: page(() => import('./routes/reset-password')) },
      { path: paths.verifyEmail, element: page(() => import('./routes/verify-email')) },
      { path: paths.cart, element: cartPage },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.purchase.pattern, element: page(() => import('./routes/purchase')) },
          { path: paths.payment.pattern, element: paymentPage },
          { path: paths.quote, element: page(() => import('./routes/quote')) },
          { path: paths.checkout, element: page(() => import('./routes/checkout')) },
          { path: paths.join, element: companyPages },
          { path: paths.quickOrder, element: cartPage },
          // A cart's payment link of before issue 43: the same page, which pays any purchase by its id.
          { path: paths.oldGroupPayment, element: paymentPage },
          // The dashboard's pages are routed by their own module (routes/dashboard/dashboard-routes.tsx),
          // loaded with the dashboard: their routes are not in the first load of the site.
          { path: `${paths.dashboard.root}/*`, element: plainPage(() => import('./routes/dashboard/dashboard-routes')) },
        ],
      },
      { path: paths.portfolio, element: page(() => import('./routes/portfolio')) },
      ...[paths.about, paths.terms, paths.privacy, paths.warranty].map((path) => ({ path, element: page(siteDocument) })),
      { path: paths.blog, element: page(() => import('./routes/blog')) },
      { path: paths.landing, element: page(() => import('./routes/landing')) },
      { path: paths.navbarPractice, element: page(() => import('./routes/navbar-practice')) },
      { path: paths.loading, element: page(() => import('./routes/loading')) },
      { path: paths.bannerTest, element: page(() => import('./routes/banner-test')) },
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
];

/**
 * Every path pattern that shows a page (react-router's syntax: `/product/:id`),
 * the catch-all `*` left out: a route's own path (absolute, or relative to its
 * parent's), and an index route's parent path. A route that mounts a module's
 * own routes (`/dashboard/*`) is listed by those routes, given in `mounts`
 * (a mount without its routes is an error, never a path left out). The build
 * writes them into dist/routes.json (src/prerender/render.tsx, with
 * appRoutePatterns), so that the Go server answers any other path 404 with the
 * not-found page, with no second list to keep.
 */
export function routePatterns(tree: RouteObject[], parent = '', mounts: Record<string, RouteObject[]> = {}): string[] {
  const found = new Set<string>();
  for (const route of tree) {
    if (route.path === '*') continue;
    let full = parent;
    if (route.path !== undefined) {
      full = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      if (full.endsWith('/*')) {
        const mounted = mounts[full];
        if (!mounted) throw new Error(`routePatterns: ${full} mounts routes that were not given`);
        for (const child of routePatterns(mounted, full.slice(0, -2), mounts)) found.add(child);
        continue;
      }
      found.add(full);
    }
    if (route.index) found.add(parent || '/');
    for (const child of routePatterns(route.children ?? [], full, mounts)) found.add(child);
  }
  return [...found].sort();
}

/**
 * Loads the code of the pages `pathname` shows, so that the first render of
 * markup already in the page (prerendered or server-rendered) does not
 * suspend; with `withPrerendered` (the prerender step), also the code of the
 * parts below the fold that the prerendered HTML has (LazyOnVisible prerendered).
 */
export async function preloadRoute(pathname: string, withPrerendered = false): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => preloadPage(match.route.element, withPrerendered)));
}

/** The routes without a router: AppRouter in the browser, a static router in the prerender step. */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
