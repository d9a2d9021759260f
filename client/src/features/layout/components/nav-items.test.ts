import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS, visibleNavItems } from './nav-items';

const item = (label: string) => NAV_ITEMS.find((i) => i.label === label)!;

describe('isNavItemActive', () => {
  it('Home is active on / and /home only', () => {
    expect(isNavItemActive(item('Home'), '/')).toBe(true);
    expect(isNavItemActive(item('Home'), '/home')).toBe(true);
    expect(isNavItemActive(item('Home'), '/blog')).toBe(false);
  });

  it('Dashboard is active on its nested pages', () => {
    expect(isNavItemActive(item('Dashboard'), '/dashboard/myorder')).toBe(true);
    expect(isNavItemActive(item('Dashboard'), '/dashboards')).toBe(false);
  });
});

describe('visibleNavItems', () => {
  it('swaps Login for Dashboard when signed in', () => {
    expect(visibleNavItems(false).map((i) => i.label)).toEqual(['Home', 'Portfolio', 'Blog', 'Login']);
    expect(visibleNavItems(true).map((i) => i.label)).toEqual(['Home', 'Portfolio', 'Blog', 'Dashboard']);
  });
});
