import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { site, type FooterLink } from '@/config/site';
import { siteDocuments, type SiteDocument } from '@/config/site-documents';
import { appRoutePatterns } from './route-patterns';
import { routes } from './router';
import { dashboardRoutes } from './routes/dashboard/dashboard-routes';

/**
 * The route a path lands on; the catch-all `*` is the not-found page. Below
 * `/dashboard/*` the dashboard's own routes decide, on the rest of the path.
 */
function landsOnAPage(path: string): boolean {
  const pathname = new URL(path, 'http://store.test').pathname;
  const matches = matchRoutes(routes, pathname);
  const last = matches?.[matches.length - 1];
  if (!last || last.route.path === '*') return false;
  if (!last.route.path?.endsWith('/*')) return true;
  const inner = matchRoutes(dashboardRoutes, `/${last.params['*'] ?? ''}`);
  return !!inner && inner[inner.length - 1]!.route.path !== '*';
}

describe('routes', () => {
  it('has a page for /about and each policy', () => {
    for (const path of [paths.about, paths.terms, paths.privacy, paths.warranty]) expect(landsOnAPage(path), path).toBe(true);
  });

  it('the footer’s legal links go to the three policy pages', () => {
    expect(site.footer.legal.map((link) => [link.label, link.href])).toEqual([
      ['Terms of sale', '/terms'],
      ['Privacy policy', '/privacy'],
      ['Warranty policy', '/warranty'],
    ]);
    expect(site.footer.company.find((link) => link.label === 'About us')?.href).toBe('/about');
  });

  it('every app link in the footer and in the pages’ texts lands on a page, not on not-found', () => {
    const documents: SiteDocument[] = Object.values(siteDocuments);
    const links: FooterLink[] = [
      ...Object.values(site.footer).flat(),
      ...documents.flatMap((content) => content.sections.flatMap((section) => section.links ?? [])),
    ];
    const internal = links.filter((link) => link.href.startsWith('/'));
    expect(internal.length).toBeGreaterThan(8);
    for (const link of internal) expect(landsOnAPage(link.href), `${link.label} → ${link.href}`).toBe(true);
    expect(landsOnAPage('/no-such-page')).toBe(false);
    expect(landsOnAPage('/dashboard/no-such-page')).toBe(false);
    expect(landsOnAPage('/dashboard')).toBe(true);
  });

  it('appRoutePatterns lists every page’s path (for the server’s routes.json), each landing on that page, and not the catch-all', async () => {
    const patterns = await appRoutePatterns();
    const everyPath = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(everyPath) : [];
    // Every path of the app (paths.ts), a pattern where it has one: a later route is listed without a second list.
    const known = everyPath(paths).filter((path) => !path.includes('?'));
    expect(known).toEqual(expect.arrayContaining([paths.verifyEmail, paths.resetPassword, paths.product.pattern, paths.dashboard.outbox]));
    expect(patterns).toEqual(expect.arrayContaining(known));
    expect(patterns).not.toContain('*');
    for (const pattern of patterns) expect(landsOnAPage(pattern.replace(/:[^/]+/g, 'x1')), pattern).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
