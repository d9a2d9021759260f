import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, scrollUntil } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('home page sections', () => {
  it('the About chart draws six months with two bars each (investment and sell), 450×350', async () => {
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      // Not in the first load: no recharts code until the section is near.
      expect(await page.locator('.recharts-wrapper').count()).toBe(0);
      await scrollUntil(page, '#about');
      await page.getByRole('heading', { level: 2, name: /320 projects/ }).waitFor();
      const chart = page.getByRole('img', { name: /Bar chart of investment and sell/ });
      await chart.locator('.recharts-bar-rectangle').nth(11).waitFor({ state: 'attached' });
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(12);
      const series = chart.locator('.recharts-bar');
      expect(await series.count()).toBe(2);
      for (let i = 0; i < 2; i++) expect(await series.nth(i).locator('.recharts-bar-rectangle').count()).toBe(6);
      await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').nth(5).waitFor({ state: 'attached' });
      expect(await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents()).toEqual(['Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug']);
      expect(await chart.locator('.recharts-legend-item-text').allTextContents()).toEqual(['Investment', 'Sell']);
      const surface = chart.locator('.recharts-wrapper > svg');
      expect([await surface.getAttribute('width'), await surface.getAttribute('height')]).toEqual(['450', '350']);
      // Every drawn bar has a height, once recharts' grow-in animation has run.
      const barHeights = () => chart.locator('.recharts-bar-rectangle path').evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().height));
      await expect.poll(async () => (await barHeights()).every((h) => h > 10), { timeout: 10_000 }).toBe(true);
      expect(await barHeights()).toHaveLength(12);

      // More About Us leads to /about (small-defects.test.ts follows it).
      expect(await page.getByRole('link', { name: 'More About Us' }).getAttribute('href')).toBe('/about');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('at 400px wide, the chart is scaled down whole and the page does not scroll sideways', async () => {
    const { context, page } = await openPage(browser, '/', { width: 400, height: 800 });
    try {
      await scrollUntil(page, '#about');
      const chart = page.getByRole('img', { name: /Bar chart of investment and sell/ });
      await chart.locator('.recharts-bar-rectangle').nth(11).waitFor({ state: 'attached' });
      const box = (await chart.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(400);
      expect(box.width / box.height).toBeCloseTo(450 / 350, 1);
      // The chart keeps its own size; only its frame scales it.
      expect(await chart.locator('.recharts-wrapper > svg').getAttribute('width')).toBe('450');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    } finally {
      await context.close();
    }
  });

  it('shows the stats strip with the spec’s texts', async () => {
    const { context, page } = await openPage(browser, '/');
    try {
      await scrollUntil(page, '[data-testid="stats-strip"]');
      const items = page.getByTestId('stats-strip').getByRole('listitem');
      expect(await items.count()).toBe(4);
      const texts = await items.evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent)));
      expect(texts).toEqual([
        ['Total Products', '5M', '40% more than last month'],
        ['Total Order', '2.6 M', '21% more than last month'],
        ['Served', '1M', '1M Served this month'],
        ['47%', 'Tasks done', '31 tasks remaining'],
      ]);
    } finally {
      await context.close();
    }
  });

  it('shows the contact form beside the store’s contact details', async () => {
    const { context, page } = await openPage(browser, '/');
    try {
      await scrollUntil(page, '#contact');
      const section = page.getByRole('region', { name: 'Get in touch' });
      await section.getByRole('button', { name: 'Submit' }).waitFor();
      expect(await section.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
      expect(await section.getByRole('link', { name: /\d{3}/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      expect(await section.getByRole('textbox', { name: 'Message' }).getAttribute('rows')).toBe('4');
    } finally {
      await context.close();
    }
  });
});
