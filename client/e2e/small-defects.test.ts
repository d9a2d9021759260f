import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, type Account } from './accounts';
import { launchBrowser, openPage, webUrl } from './browser';

/**
 * Issue 12's smaller defects, as a visitor sees them at 400 and 1280 px (and
 * 360 px for the dashboard bar): the review carousel's breakpoints, the home
 * section's subtitle, the small-screen dashboard bar, the footer's policy
 * pages and More About Us.
 */

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [400, 1280] as const;

/**
 * Scrolls down a screen at a time until `selector` is in the page, then brings
 * it into view: the home page's sections and the footer mount as they near the
 * viewport (a jump to the bottom would pass them by).
 */
async function scrollUntil(page: Page, selector: string) {
  await page.waitForFunction(
    (s) => {
      const element = document.querySelector(s);
      if (element) {
        element.scrollIntoView({ block: 'center' });
        return true;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) window.scrollTo(0, 0);
      else window.scrollBy(0, window.innerHeight * 0.6);
      return false;
    },
    selector,
    { polling: 100, timeout: 20_000 },
  );
}

/** How many lines a text node inside `locator` takes (each line is one client rect of its range). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
    const text = walker.nextNode();
    if (!text) return 0;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/** Whether the element's content is wider than its box (cut off, or shown with an ellipsis). */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis');
}

describe('review carousel: 1 review below 550 px, 2 from 550 px up', () => {
  for (const { width, expected } of [
    { width: 400, expected: 1 },
    { width: 549, expected: 1 },
    { width: 550, expected: 2 },
    { width: 1280, expected: 2 },
  ]) {
    it(`${width}px: ${expected} review(s) fully in view`, async () => {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await scrollUntil(page, '.swiper.swiper-initialized .swiper-slide');
        await page.locator('#reviews-title').scrollIntoViewIfNeeded();
        // Fully in view: inside the carousel's box and inside the window.
        const visible = () =>
          page.evaluate(() => {
            const carousel = document.querySelector('.swiper')!.getBoundingClientRect();
            return [...document.querySelectorAll('.swiper-slide')].filter((slide) => {
              const box = slide.getBoundingClientRect();
              return box.width > 0 && box.left >= Math.max(carousel.left, 0) - 1 && box.right <= Math.min(carousel.right, window.innerWidth) + 1;
            }).length;
          });
        await expect.poll(visible).toBe(expected);
        expect(await page.locator('.swiper-slide').count()).toBeGreaterThan(expected);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('home: Our Product', () => {
  for (const width of WIDTHS) {
    it(`${width}px: the five products under a subtitle that says what they are`, async () => {
      const { context, page } = await openPage(browser, '/', { width, height: 900 });
      try {
        const section = page.locator('section[aria-labelledby="our-products-title"]');
        await section.getByRole('heading', { level: 2, name: 'Our Product' }).waitFor();
        const subtitle = section.getByText('The first five machines in our catalogue: our longest-standing lines.', { exact: true });
        expect(await subtitle.isVisible()).toBe(true);
        expect(await section.getByText(/recently added/i).count()).toBe(0);
        await section.getByTestId('product-card').nth(4).waitFor();
        expect(await section.getByTestId('product-card').count()).toBe(5);
      } finally {
        await context.close();
      }
    });
  }
});

describe('dashboard on a small screen: the menu button and the section name fit', () => {
  const SECTIONS = [
    ['/dashboard/myprofile', 'My Profile'],
    ['/dashboard/myorder', 'My Orders'],
    ['/dashboard/account', 'Account'],
    ['/dashboard/addproduct', 'Add Product'],
    ['/dashboard/manageorder', 'Manage Orders'],
    ['/dashboard/manageproduct', 'Manage Products'],
    ['/dashboard/categories', 'Categories'],
    ['/dashboard/shipping', 'Shipping Methods'],
    ['/dashboard/makeadmin', 'Make Admin'],
    ['/dashboard/inbox', 'Inbox'],
    ['/dashboard/sales', 'Sales'],
    ['/dashboard/quotes', 'Quotes'],
    ['/dashboard/claims', 'Claims'],
    ['/dashboard/outbox', 'Outbox'],
    ['/dashboard/reviews', 'Reviews'],
    ['/dashboard/notifications', 'Notifications'],
    ['/dashboard/audit', 'Audit trail'],
    ['/dashboard/company', 'Companies'],
    ['/dashboard/tax-exemptions', 'Tax exemptions'],
  ] as const;

  for (const width of [360, 400]) {
    it(`${width}px: every admin section's bar has the button on one line and its name whole; the open menu's labels are whole`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), admin.token);
        const page = await context.newPage();
        // The first section is a new document; the rest are the app's own navigation (as a menu link's
        // is), not a reload each: the bar is what the route draws either way, at a second less a section.
        await page.goto(webUrl(SECTIONS[0][0]));
        for (const [path, label] of SECTIONS) {
          await page.evaluate((to) => {
            if (window.location.pathname === to) return;
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path);
          await page.getByRole('heading', { level: 1, name: label }).waitFor();
          const button = page.getByRole('button', { name: 'Dashboard menu' });
          const current = page.getByTestId('dashboard-current');
          expect(await current.textContent(), path).toBe(label);
          expect(await button.textContent(), path).toBe('Menu');
          expect(await lineCount(button), `${path}: the button's text on one line`).toBe(1);
          expect(await isCut(button), `${path}: the button cut`).toBe(false);
          expect(await lineCount(current), `${path}: "${label}" on one line`).toBe(1);
          expect(await isCut(current), `${path}: "${label}" cut`).toBe(false);
          const [buttonBox, labelBox] = [(await button.boundingBox())!, (await current.boundingBox())!];
          expect(buttonBox.x + buttonBox.width, `${path}: the name beside the button`).toBeLessThanOrEqual(labelBox.x);
          expect(labelBox.x + labelBox.width, `${path}: the name inside the window`).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: no sideways scroll`).toBeLessThanOrEqual(width);
        }

        await page.getByRole('button', { name: 'Dashboard menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
        const links = drawer.getByRole('link');
        await drawer.getByRole('link', { name: 'Outbox' }).waitFor();
        expect(await links.allTextContents()).toEqual(SECTIONS.map(([, label]) => label));
        for (let i = 0; i < SECTIONS.length; i++) {
          expect(await lineCount(links.nth(i)), `${SECTIONS[i]![1]} on one line`).toBe(1);
          expect(await isCut(links.nth(i)), `${SECTIONS[i]![1]} cut`).toBe(false);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('1280px: no bar; the side menu shows every section', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), admin.token);
      const page = await context.newPage();
      await page.goto(webUrl('/dashboard/manageproduct'));
      await page.getByRole('heading', { level: 1, name: 'Manage Products' }).waitFor();
      expect(await page.getByRole('button', { name: 'Dashboard menu' }).isVisible()).toBe(false);
      const side = page.getByRole('navigation', { name: 'Dashboard menu' });
      expect(await side.getByRole('link').allTextContents()).toEqual(SECTIONS.map(([, label]) => label));
    } finally {
      await context.close();
    }
  });
});

describe('footer: the policy pages', () => {
  const POLICIES = [
    { link: 'Terms of sale', path: '/terms', section: 'Orders and minimum quantities' },
    { link: 'Privacy policy', path: '/privacy', section: 'Card payments' },
    { link: 'Warranty policy', path: '/warranty', section: 'How to claim' },
  ] as const;

  for (const width of WIDTHS) {
    it(`${width}px: Terms of sale, Privacy policy and Warranty policy open pages with their headings, date and title`, async () => {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        // From the home page's footer to the first, then from each page's footer to the next.
        for (const { link, path, section } of POLICIES) {
          await scrollUntil(page, `footer nav[aria-labelledby="footer-legal"] a[href="${path}"]`);
          const legal = page.getByRole('navigation', { name: 'Legal' });
          await legal.getByRole('link', { name: link }).click();
          await page.waitForURL((url) => url.pathname === path);
          await page.getByRole('heading', { level: 1, name: link }).waitFor();
          expect(await page.getByRole('heading', { level: 2, name: section }).isVisible()).toBe(true);
          expect(await page.getByRole('main').getByText(/^Last updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1);
          expect(await page.title()).toBe(`${link} | Ironclad Machinery`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('a policy opened directly (a shared link) shows its page, not not-found', async () => {
    const { context, page } = await openPage(browser, '/warranty', { width: 400, height: 800 });
    try {
      await page.getByRole('heading', { level: 1, name: 'Warranty policy' }).waitFor();
      expect(await page.getByRole('main').getByText(/within 2 months/).first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('More About Us', () => {
  for (const width of WIDTHS) {
    it(`${width}px: leads from the home page's About to /about`, async () => {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await scrollUntil(page, '#about a[href="/about"]');
        await page.getByRole('link', { name: 'More About Us' }).click();
        await page.waitForURL((url) => url.pathname === '/about');
        await page.getByRole('heading', { level: 1, name: 'About Ironclad Machinery' }).waitFor();
        expect(await page.getByRole('heading', { level: 2, name: 'Who we are' }).isVisible()).toBe(true);
        expect(await page.title()).toBe('About Ironclad Machinery | Ironclad Machinery');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
