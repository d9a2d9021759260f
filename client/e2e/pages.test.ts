import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const hash = (page: Page) => page.evaluate(() => location.hash);

/** Waits until slide `n` fills the carousel (scroll-snap may animate). */
async function waitForSlide(page: Page, n: number) {
  await page.waitForFunction((id) => {
    const slide = document.getElementById(id);
    const track = slide?.parentElement;
    if (!slide || !track) return false;
    const s = slide.getBoundingClientRect();
    const t = track.getBoundingClientRect();
    const inViewport = s.top < window.innerHeight && s.bottom > 0;
    return Math.abs(s.left - t.left) < 2 && Math.abs(s.right - t.right) < 2 && inViewport;
  }, `slide${n}`);
}

const arrow = (page: Page, n: number, direction: 'previous' | 'next') => page.locator(`#slide${n} [data-direction="${direction}"]`);

describe('/landing', () => {
  it('opens with a 90vh hero whose Get Started leads to /products', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/landing', { width: 1280, height: 900 });
    try {
      const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
      const box = (await hero.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(0.9 * 900 - 1);
      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the 80vh carousel loops both ways: previous on slide 1 shows slide 4, next on slide 4 shows slide 1', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/landing', { width: 1280, height: 900 });
    try {
      const track = page.getByTestId('carousel-track');
      await track.scrollIntoViewIfNeeded();
      expect(Math.round((await track.boundingBox())!.height)).toBe(720);

      await arrow(page, 1, 'next').click();
      expect(await hash(page)).toBe('#slide2');
      await waitForSlide(page, 2);

      await arrow(page, 2, 'previous').click();
      await waitForSlide(page, 1);
      await arrow(page, 1, 'previous').click();
      expect(await hash(page)).toBe('#slide4');
      await waitForSlide(page, 4);

      await arrow(page, 4, 'next').click();
      expect(await hash(page)).toBe('#slide1');
      await waitForSlide(page, 1);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works from the keyboard: Enter on an arrow moves on and keeps focus on the same arrow of the new slide', async () => {
    const { context, page } = await openPage(browser, '/landing', { width: 400, height: 800 });
    try {
      // The prerendered arrows work without the page's code (a plain link to the next slide); keeping focus on
      // the arrow is that code's. Wait until React has the arrow, or a loaded machine presses Enter on the bare
      // link and focus stays behind (a fresh clone's CI run once).
      await page.waitForFunction(() => {
        const next = document.querySelector('#slide1 [data-direction="next"]');
        return !!next && Object.keys(next).some((key) => key.startsWith('__reactProps'));
      });
      await arrow(page, 1, 'next').focus();
      await page.keyboard.press('Enter');
      await waitForSlide(page, 2);
      await page.waitForFunction(() => document.activeElement?.closest('[id^="slide"]')?.id === 'slide2');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-direction'))).toBe('next');
      await page.keyboard.press('Enter');
      await waitForSlide(page, 3);
      expect(await hash(page)).toBe('#slide3');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next slide: Pumps');
    } finally {
      await context.close();
    }
  });

  it('opening /landing#slide3 shows slide 3', async () => {
    const { context, page } = await openPage(browser, '/landing#slide3');
    try {
      await waitForSlide(page, 3);
    } finally {
      await context.close();
    }
  });
});

describe('the other pages', () => {
  it('/portfolio shows the author, their skills and how to reach them', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/portfolio');
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      const skills = page.getByRole('region', { name: 'Skills' }).getByRole('listitem');
      expect(await skills.count()).toBeGreaterThan(3);
      expect(await page.getByRole('link', { name: 'Email me' }).getAttribute('href')).toMatch(/^mailto:.+@/);
      expect(await page.getByRole('link', { name: 'GitHub profile' }).getAttribute('href')).toMatch(/^https:/);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/blog says there are no posts yet and offers a way back', async () => {
    const { context, page } = await openPage(browser, '/blog');
    try {
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.getByRole('heading', { name: 'No posts yet' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('/navbarpractice shows the navigation bar on its own, and its links work', async () => {
    const { context, page } = await openPage(browser, '/navbarpractice');
    try {
      await page.getByRole('heading', { level: 1, name: 'Navbar practice' }).waitFor();
      const demo = page.getByRole('navigation', { name: 'Navigation bar demo' });
      for (const name of ['Home', 'Portfolio', 'Blog', 'Login']) await demo.getByRole('link', { name }).waitFor();
      await demo.getByRole('link', { name: 'Portfolio' }).click();
      await page.waitForURL((url) => url.pathname === '/portfolio');
    } finally {
      await context.close();
    }
  });

  it('/loading shows the loading animation, and /bannertest the banner alone', async () => {
    const { context, page } = await openPage(browser, '/loading');
    try {
      await page.getByRole('heading', { level: 1, name: 'Loading' }).waitFor({ state: 'attached' });
      expect(await page.getByRole('main').getByRole('status').isVisible()).toBe(true);
      await page.goto(new URL('/bannertest', page.url()).toString());
      await page.locator('#warranty').getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('main section').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
