import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage, settled } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('navigation', () => {
  it('at 400px wide, the menu button opens a drawer whose links work and close it', async () => {
    const { context, page } = await openPage(browser, '/', { width: 400, height: 800 });
    try {
      const mainNav = page.getByRole('navigation', { name: 'Main' });
      expect(await mainNav.isVisible()).toBe(false);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('navigation', { name: 'Site menu' });
      for (const name of ['Home', 'Portfolio', 'Blog', 'Login']) {
        await drawer.getByRole('link', { name }).waitFor({ state: 'visible' });
      }

      await drawer.getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(/\/blog$/);
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  it('shows Dashboard and Sign Out when signed in, and Sign Out returns home signed out', async () => {
    const { context, page } = await openPage(browser, '/portfolio');
    try {
      const { token } = await registerAccount('Nav Tester', uniqueEmail('nav'));
      await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
      await page.reload();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'visible' });
      expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Portfolio' }).evaluate((a) => getComputedStyle(a).border)).toBe(
        '2px solid rgb(0, 0, 0)',
      );

      await nav.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows the not-found page with an image and a link home for an unknown route, answered 404', async () => {
    const { context, page } = await openPage(browser, '/no-such-page');
    try {
      // The server knows the app's routes (routes.json from the router): a mistyped link is not a page.
      expect((await page.request.get(page.url())).status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ state: 'visible' });
      const image = page.locator('main img');
      await image.waitFor({ state: 'visible' });
      expect(await image.getAttribute('alt')).toBeTruthy();
      expect(await image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      expect(await page.getByRole('main').getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('registers every route (each shows its page, not the not-found page)', async () => {
    const { context, page } = await openPage(browser, '/');
    try {
      const routes = [
        '/home', '/products', '/purchase/000000000000000000000000', '/payment/000000000000000000000000', '/login',
        '/register', '/dashboard', '/dashboard/myprofile', '/dashboard/addreview', '/dashboard/myorder',
        '/dashboard/addproduct', '/dashboard/manageorder', '/dashboard/manageproduct', '/dashboard/makeadmin',
        '/portfolio', '/blog', '/landing', '/navbarpractice', '/loading', '/bannertest',
        '/about', '/terms', '/privacy', '/warranty', '/verify-email', '/reset-password', '/forgot-password',
      ];
      for (const route of routes) {
        const response = await page.goto(new URL(route, page.url()).toString());
        expect(response?.status(), route).toBe(200);
        await settled(page);
        if (route === '/loading') {
          // The loading page is the spinner itself (no heading).
          await page.getByRole('main').getByRole('status').waitFor({ state: 'visible' });
        } else {
          await page.locator('main h1').waitFor({ state: 'visible' });
        }
        expect(await page.getByRole('heading', { name: 'Page not found' }).count(), route).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
