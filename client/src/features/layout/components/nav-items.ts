import { messages } from '@/config/messages';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that show the same page (e.g. /home for /). */
  aliases?: readonly string[];
  /** Active only on exactly this path, not below it. */
  end?: boolean;
  show: 'always' | 'signed-in' | 'signed-out';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: messages.nav.home, to: paths.home, aliases: [paths.homeAlias], end: true, show: 'always' },
  { label: messages.nav.portfolio, to: paths.portfolio, show: 'always' },
  { label: messages.nav.blog, to: paths.blog, show: 'always' },
  { label: messages.nav.dashboard, to: paths.dashboard.root, show: 'signed-in' },
  { label: messages.nav.login, to: paths.login, show: 'signed-out' },
];

export function visibleNavItems(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => item.show === 'always' || (item.show === 'signed-in') === signedIn);
}

function matches(path: string, pathname: string, end: boolean): boolean {
  if (pathname === path) return true;
  if (end) return false;
  return pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [item.to, ...(item.aliases ?? [])].some((p) => matches(p, normalized, item.end ?? false));
}
