import type { ComponentType, ReactElement } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { preloadable } from '@/lib/preloadable';
import { withMui } from '@/lib/with-mui';
import { RequireAuth } from './guards/require-auth';
import { Root } from './root';

/** What a page module may export besides its page: the code of its prerendered parts (see preloadRoute). */
type PageModule = { default: ComponentType; preloadPrerendered?: () => Promise<unknown> };

const preloads = new WeakMap<ReactElement, (withPrerendered: boolean) => Promise<unknown>>();

/**
 * Every page is its own chunk: only the shell and the current page are in the
 * first load. A page drawn with MUI loads MUI's theme with it (withMui); `/`
 * and the product page (plainPage) are drawn without MUI, so that their first
 * load has none.
 */
function page(load: () => Promise<PageModule>) {
  return plainPage(withMui(load));
}

/** A page drawn without MUI (CSS modules): no MUI theme around it. */
function plainPage(load: () => Promise<PageModule>) {
  const Page = preloadable(load);
  const element = <Page />;
  preloads.set(element, (withPrerendered) =>
    Promise.all([Page.preload(), withPrerendered && load().then((module) => module.preloadPrerendered?.())]),
  );
  return element;
}

const home = () => import('./routes/home');
/** /about and the policy pages: one page, whose text follows the path. */
const siteDocument = () => import('./routes/site-document');
/** The dashboard's index and /dashboard/myprofile show the same screen. */
const myProfile = page(() => import('./routes/dashboard/my-profile'));
const d = paths.dashboard;
/** Issue 45's three pages, one chunk (routes/company.tsx). */
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
          {
            path: d.root,
            element: page(() => import('./routes/dashboard/dashboard-layout')),
            children: [
              { index: true, element: myProfile },
              { path: d.myProfile, element: myProfile },
              { path: d.addReview, element: page(() => import('./routes/dashboard/add-review')) },
              { path: d.myOrder, element: page(() => import('./routes/dashboard/my-order')) },
              { path: d.order.pattern, element: page(() => import('./routes/dashboard/order')) },
              { path: d.myQuotes, element: page(() => import('./routes/dashboard/my-quotes')) },
              { path: d.myClaims, element: page(() => import('./routes/dashboard/my-claims')) },
              { path: d.account, element: page(() => import('./routes/dashboard/account')) },
              { path: d.company, element: companyPages },
              {
                element: page(() => import('./guards/require-admin')),
                children: [
                  { path: d.addProduct, element: page(() => import('./routes/dashboard/add-product')) },
                  { path: d.manageOrder, element: page(() => import('./routes/dashboard/manage-order')) },
                  { path: d.manageProduct, element: page(() => import('./routes/dashboard/manage-product')) },
                  { path: d.categories, element: page(() => import('./routes/dashboard/categories')) },
                  { path: d.shipping, element: page(() => import('./routes/dashboard/shipping')) },
                  { path: d.makeAdmin, element: page(() => import('./routes/dashboard/make-admin')) },
                  { path: d.inbox, element: page(() => import('./routes/dashboard/inbox')) },
                  { path: d.sales, element: page(() => import('./routes/dashboard/sales')) },
                  { path: d.quotes, element: page(() => import('./routes/dashboard/quotes')) },
                  { path: d.claims, element: page(() => import('./routes/dashboard/claims')) },
                  { path: d.outbox, element: page(() => import('./routes/dashboard/outbox')) },
                  { path: d.outboxMail.pattern, element: page(() => import('./routes/dashboard/outbox-mail')) },
                  { path: d.reviews, element: page(() => import('./routes/dashboard/reviews')) },
                  { path: d.notifications, element: page(() => import('./routes/dashboard/notifications')) },
                  { path: d.audit, element: page(() => import('./routes/dashboard/audit')) },
                ],
              },
            ],
          },
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
 * parent's), and an index route's parent path. The build writes them into
 * dist/routes.json (src/prerender/render.tsx), so that the Go server answers
 * any other path 404 with the not-found page, with no second list to keep.
 */
export function routePatterns(tree: RouteObject[] = routes, parent = ''): string[] {
  const found = new Set<string>();
  for (const route of tree) {
    if (route.path === '*') continue;
    let full = parent;
    if (route.path !== undefined) {
      full = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
      found.add(full);
    }
    if (route.index) found.add(parent || '/');
    for (const child of routePatterns(route.children ?? [], full)) found.add(child);
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
  await Promise.all(matches.map((match) => preloads.get(match.route.element as ReactElement)?.(withPrerendered) ?? Promise.resolve()));
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
