import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, webUrl } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Scrolls the review carousel into view (it loads lazily) and waits for swiper to lay it out. */
async function showCarousel(page: Page) {
  await page.locator('#reviews-title').scrollIntoViewIfNeeded();
  await page.locator('.swiper.swiper-initialized .swiper-slide').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const slides = document.querySelectorAll('.swiper-slide');
    return slides.length > 0 && [...slides].every((s) => s.getBoundingClientRect().width > 0);
  });
}

/** Slides whose box lies within the carousel's box: the reviews a person fully sees. */
function fullyVisibleSlides(page: Page): Promise<number> {
  return page.evaluate(() => {
    const container = document.querySelector('.swiper')!.getBoundingClientRect();
    const tolerance = 1;
    return [...document.querySelectorAll('.swiper-slide')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.width > 0 && box.left >= container.left - tolerance && box.right <= container.right + tolerance;
    }).length;
  });
}

describe('home page', () => {
  it('shows exactly 5 product cards once the products load', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      const section = page.locator('section', { has: page.locator('#our-products-title') });
      await section.locator('[data-testid="product-card"]').first().waitFor({ state: 'visible' });
      await page.waitForFunction(() => !document.querySelector('section[aria-labelledby="our-products-title"] [role="status"]'));
      expect(await section.locator('[data-testid="product-card"]').count()).toBe(5);

      const first = section.locator('[data-testid="product-card"]').first();
      const name = await first.locator('h3').innerText();
      expect(name).toBe(name.toUpperCase());
      expect(await first.getByText(/^\$[\d,]+(\.\d{2})?$/).count()).toBe(1);
      expect(await first.getByText(/^Available: \d+ Pcs$/).count()).toBe(1);
      expect(await first.getByText(/^Order-Minimum: \d+ pcs$/).count()).toBe(1);
      expect(await first.getByRole('link', { name: /purchase/i }).getAttribute('href')).toMatch(/^\/purchase\/[0-9a-f]{24}$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the replacement banner with a call to action to /products', async () => {
    const { context, page } = await openPage(browser, '/');
    try {
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor({ state: 'visible' });
      expect(await heading.innerText()).toMatch(/2 months/i);
      const cta = page.locator('#warranty').getByRole('link', { name: /browse/i });
      expect(await cta.getAttribute('href')).toBe('/products');
    } finally {
      await context.close();
    }
  });

  for (const { width, expected } of [
    { width: 400, expected: 1 },
    { width: 1024, expected: 2 },
    { width: 1280, expected: 2 },
  ]) {
    it(`shows ${expected} review(s) fully in view at ${width}px wide`, async () => {
      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await showCarousel(page);
        expect(await page.locator('.swiper-slide').count()).toBeGreaterThan(expected);
        expect(await fullyVisibleSlides(page)).toBe(expected);
        const firstSlide = page.locator('.swiper-slide').first();
        expect(await firstSlide.getByRole('img', { name: /^Rated [1-5] out of 5$/ }).count()).toBe(1);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the place of a reader who scrolled the prerendered page before the app started', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 900 } });
    try {
      const page = await context.newPage();
      // Hold the app's script until the reader has scrolled: a slow phone's download.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(webUrl('/'), { waitUntil: 'commit' }); // (the held script holds DOMContentLoaded)
      await page.locator('#reviews-title').scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(900);
      release();
      // The reviews load when their section is in view, which is only so if the app left the page where it was.
      await page.locator('.swiper.swiper-initialized .swiper-slide').first().waitFor({ state: 'visible' });
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 300);
    } finally {
      await context.close();
    }
  });

  it('moves the carousel with the keyboard-accessible next button', async () => {
    const { context, page } = await openPage(browser, '/', { width: 400, height: 900 });
    try {
      await showCarousel(page);
      const next = page.getByRole('button', { name: 'Next reviews' });
      await next.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('.swiper-slide-active') === document.querySelectorAll('.swiper-slide')[1]);
    } finally {
      await context.close();
    }
  });
});
