import { paths } from '@/config/paths';
import { routePatterns, routes } from './router';

/**
 * Every page's path pattern, the dashboard's included (its routes are in the
 * dashboard's own module, loaded here): what dist/routes.json lists.
 */
export async function appRoutePatterns(): Promise<string[]> {
  const { dashboardRoutes } = await import('./routes/dashboard/dashboard-routes');
  return routePatterns(routes, '', { [`${paths.dashboard.root}/*`]: dashboardRoutes });
}
