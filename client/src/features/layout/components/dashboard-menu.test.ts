import { describe, expect, it } from 'vitest';
import { currentMenuLabel, dashboardMenuItems } from './dashboard-menu';

describe('dashboardMenuItems', () => {
  it('gives admins the Inbox, at /dashboard/inbox', () => {
    const inbox = dashboardMenuItems(true).admin.find((item) => item.label === 'Inbox');
    expect(inbox?.to).toBe('/dashboard/inbox');
    expect(currentMenuLabel('/dashboard/inbox', true)).toBe('Inbox');
  });

  it('shows customers no Inbox', () => {
    const { account, admin } = dashboardMenuItems(false);
    expect([...account, ...admin].some((item) => item.label === 'Inbox')).toBe(false);
  });

  it('gives admins Sales, at /dashboard/sales, and customers no Sales', () => {
    expect(dashboardMenuItems(true).admin.find((item) => item.label === 'Sales')?.to).toBe('/dashboard/sales');
    expect(currentMenuLabel('/dashboard/sales', true)).toBe('Sales');
    const { account, admin } = dashboardMenuItems(false);
    expect([...account, ...admin].some((item) => item.label === 'Sales')).toBe(false);
  });

  it('gives customers My Quotes and My Claims; admins Quotes, Claims and Outbox instead', () => {
    const customer = dashboardMenuItems(false);
    expect(customer.account.map((item) => [item.label, item.to])).toEqual(
      expect.arrayContaining([
        ['My Quotes', '/dashboard/myquotes'],
        ['My Claims', '/dashboard/myclaims'],
      ]),
    );
    expect(customer.admin).toEqual([]);
    const admin = dashboardMenuItems(true);
    expect(admin.account.some((item) => item.label === 'My Quotes' || item.label === 'My Claims')).toBe(false);
    expect(admin.admin.map((item) => [item.label, item.to])).toEqual(
      expect.arrayContaining([
        ['Quotes', '/dashboard/quotes'],
        ['Claims', '/dashboard/claims'],
        ['Outbox', '/dashboard/outbox'],
        ['Reviews', '/dashboard/reviews'],
        ['Notifications', '/dashboard/notifications'],
      ]),
    );
    expect(currentMenuLabel('/dashboard/outbox', true)).toBe('Outbox');
    expect(currentMenuLabel('/dashboard/outbox/0123456789abcdef01234567', true)).toBe('Outbox');
    expect(currentMenuLabel('/dashboard/reviews', true)).toBe('Reviews');
  });

  it('has Account, at /dashboard/account, for customers and admins alike', () => {
    for (const admin of [false, true]) {
      expect(dashboardMenuItems(admin).account.at(-1)).toMatchObject({ label: 'Account', to: '/dashboard/account' });
    }
    expect(currentMenuLabel('/dashboard/account')).toBe('Account');
    expect(currentMenuLabel('/dashboard/account', true)).toBe('Account');
    expect(currentMenuLabel('/dashboard/company')).toBe('My Company');
    expect(currentMenuLabel('/dashboard/company', true)).toBe('Companies');
  });
});
