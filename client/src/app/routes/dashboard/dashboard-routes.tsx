import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { page } from '../../page';

const d = paths.dashboard;

/** A dashboard path as a route below `/dashboard/*`: `/dashboard/order/:id` → `order/:id`. */
function below(path: string): string {
  if (!path.startsWith(`${d.root}/`)) throw new Error(`${path} is not a dashboard path`);
  return path.slice(d.root.length + 1);
}

/** The dashboard's index and /dashboard/myprofile show the same screen. */
const myProfile = page(() => import('./my-profile'));

/**
 * The dashboard's pages, routed below `/dashboard/*` (router.tsx): this
 * module loads with the dashboard, so its 25 routes are not in the site's
 * first load. appRoutePatterns lists them for the server's routes.json.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    element: page(() => import('./dashboard-layout')),
    children: [
      { index: true, element: myProfile },
      { path: below(d.myProfile), element: myProfile },
      { path: below(d.addReview), element: page(() => import('./add-review')) },
      { path: below(d.myOrder), element: page(() => import('./my-order')) },
      { path: below(d.order.pattern), element: page(() => import('./order')) },
      { path: below(d.myQuotes), element: page(() => import('./my-quotes')) },
      { path: below(d.myClaims), element: page(() => import('./my-claims')) },
      { path: below(d.account), element: page(() => import('./account')) },
      { path: below(d.company), element: page(() => import('../company')) },
      {
        element: page(() => import('../../guards/require-admin')),
        children: [
          { path: below(d.addProduct), element: page(() => import('./add-product')) },
          { path: below(d.manageOrder), element: page(() => import('./manage-order')) },
          { path: below(d.manageProduct), element: page(() => import('./manage-product')) },
          { path: below(d.categories), element: page(() => import('./categories')) },
          { path: below(d.shipping), element: page(() => import('./shipping')) },
          { path: below(d.makeAdmin), element: page(() => import('./make-admin')) },
          { path: below(d.inbox), element: page(() => import('./inbox')) },
          { path: below(d.sales), element: page(() => import('./sales')) },
          { path: below(d.quotes), element: page(() => import('./quotes')) },
          { path: below(d.claims), element: page(() => import('./claims')) },
          { path: below(d.outbox), element: page(() => import('./outbox')) },
          { path: below(d.outboxMail.pattern), element: page(() => import('./outbox-mail')) },
          { path: below(d.reviews), element: page(() => import('./reviews')) },
          { path: below(d.notifications), element: page(() => import('./notifications')) },
          { path: below(d.audit), element: page(() => import('./audit')) },
          { path: below(d.taxExemptions), element: page(() => import('./tax-exemptions')) },
        ],
      },
    ],
  },
  // A path below /dashboard that is none of its pages: the site's not-found page, as elsewhere.
  { path: '*', element: page(() => import('../not-found')) },
];

/** The dashboard: its layout and the page the path names. */
export default function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
