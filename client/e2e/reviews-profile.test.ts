import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage } from './browser';
import { drawPng, waitForImage } from './images';
import { api } from './shop';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.getByRole('main');

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

describe('reviews and profiles', () => {
  it('a customer adds a review with a photo and a rating; the home carousel opens on it (only reviews posted after it may come first)', async () => {
    const name = `Rita Reviewer ${randomUUID().slice(0, 6)}`;
    const customer = await registerAccount(name, uniqueEmail('reviewer'));
    const text = `Our compressor arrived early and runs quietly. (${randomUUID().slice(0, 8)})`;
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, customer.token, '/dashboard/addreview');
      await page.getByRole('heading', { level: 1, name: 'Add Review' }).waitFor();
      const form = page.getByRole('form', { name: 'Add Review' });
      await expect.poll(() => form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(name);

      await form.getByRole('button', { name: 'Add Review' }).click();
      await form.getByText('Review is Required').waitFor();
      await form.getByText('Image is Required').waitFor();

      // The rating starts at 5; two steps left with the keyboard make it 3.
      const five = form.getByRole('radio', { name: '5 Stars' });
      expect(await five.isChecked()).toBe(true);
      await five.focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await form.getByRole('radio', { name: '3 Stars' }).isChecked()).toBe(true);

      await form.getByRole('textbox', { name: 'Review' }).fill(text);
      await form.locator('input[type="file"]').setInputFiles(await drawPng(page, 'Rita', '#7a3e00'));
      await form.getByRole('button', { name: 'Add Review' }).click();
      await toast(page, 'Review added successfully').waitFor();
      expect(await form.getByRole('textbox', { name: 'Review' }).inputValue()).toBe('');

      // Newest first: the home carousel opens on it. Other files run at the same
      // time and may post a review after this one; only those may come before it.
      await page.goto(new URL('/', page.url()).toString());
      await page.locator('#reviews-title').scrollIntoViewIfNeeded();
      const slides = page.locator('.swiper.swiper-initialized .swiper-slide');
      await slides.first().waitFor({ state: 'visible' });
      const mine = slides.filter({ hasText: text });
      await mine.waitFor();
      const texts = await slides.allTextContents();
      const at = texts.findIndex((t) => t.includes(text));
      const posted = await api<{ review: string; createdAt: string }[]>('/reviews');
      const ours = posted.find((r) => r.review === text);
      expect(ours, 'GET /reviews lists the new review').toBeDefined();
      const newer = posted.filter((r) => Date.parse(r.createdAt) > Date.parse(ours!.createdAt)).map((r) => r.review);
      const before = texts.slice(0, at);
      expect(
        before.filter((t) => !newer.some((r) => t.includes(r))),
        'slides before the new review that were posted before it',
      ).toEqual([]);
      expect(await mine.getByText(name, { exact: true }).count()).toBe(1);
      expect(await mine.getByRole('img', { name: 'Rated 3 out of 5' }).count()).toBe(1);
      await waitForImage(mine.locator('img').first());
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a customer adds, views and updates a profile (at 400px wide); Cancel loses nothing', async () => {
    const name = `Pia Profile ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail('profile');
    const customer = await registerAccount(name, email);
    const { context, page, pageErrors } = await openPage(browser, '/', { width: 400, height: 860 });
    try {
      await openSignedIn(page, customer.token, '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
      const addForm = page.getByRole('form', { name: 'Add Profile' });
      await expect.poll(() => addForm.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

      await addForm.getByRole('button', { name: 'Add Profile' }).click();
      await addForm.getByText('Education is Required').waitFor();
      await addForm.getByText('address is Required').waitFor();
      await addForm.getByText('Image is Required').waitFor();

      await addForm.getByRole('textbox', { name: 'Education' }).fill('BSc Mechanical Engineering');
      await addForm.getByRole('textbox', { name: 'Address' }).fill('9 Quarry Street, Sheffield');
      await addForm.getByRole('textbox', { name: 'LinkedIn' }).fill('linkedin.com/in/pia');
      await addForm.locator('input[type="file"]').setInputFiles(await drawPng(page, 'Pia', '#2f3e4d'));
      await addForm.getByRole('button', { name: 'Add Profile' }).click();
      await addForm.getByText('Provide a valid URL, such as https://www.linkedin.com/in/your-name').waitFor();
      await addForm.getByRole('textbox', { name: 'LinkedIn' }).fill('https://www.linkedin.com/in/pia');
      await addForm.getByRole('button', { name: 'Add Profile' }).click();
      await toast(page, 'Profile added successfully').waitFor();

      // The profile: photo, name, email, address, education, LinkedIn in a new tab.
      const update = page.getByRole('button', { name: 'UPDATE PROFILE' });
      await update.waitFor();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await main(page).getByText('9 Quarry Street, Sheffield', { exact: true }).waitFor();
      await main(page).getByText('BSc Mechanical Engineering', { exact: true }).waitFor();
      const link = page.getByRole('link', { name: /linkedin\.com\/in\/pia/ });
      expect(await link.getAttribute('href')).toBe('https://www.linkedin.com/in/pia');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      await waitForImage(page.getByRole('img', { name: `Photo of ${name}` }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);

      // UPDATE PROFILE: the form holds the current values; Cancel keeps the profile as it was.
      await update.click();
      const updateForm = page.getByRole('form', { name: 'UPDATE PROFILE' });
      expect(await updateForm.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('9 Quarry Street, Sheffield');
      expect(await updateForm.getByRole('textbox', { name: 'Education' }).inputValue()).toBe('BSc Mechanical Engineering');
      expect(await updateForm.getByRole('textbox', { name: 'LinkedIn' }).inputValue()).toBe('https://www.linkedin.com/in/pia');
      await updateForm.getByRole('textbox', { name: 'Address' }).fill('somewhere else');
      await updateForm.getByRole('button', { name: 'Cancel' }).click();
      await main(page).getByText('9 Quarry Street, Sheffield', { exact: true }).waitFor();
      await page.reload();
      await main(page).getByText('9 Quarry Street, Sheffield', { exact: true }).waitFor();

      // Saving replaces it (the photo stays: none was chosen).
      const photoBefore = await page.getByRole('img', { name: `Photo of ${name}` }).getAttribute('src');
      await page.getByRole('button', { name: 'UPDATE PROFILE' }).click();
      await updateForm.getByRole('textbox', { name: 'Address' }).fill('7 Mill Lane, Leeds');
      await updateForm.getByRole('button', { name: 'Save Profile' }).click();
      await toast(page, 'Profile updated successfully').waitFor();
      await main(page).getByText('7 Mill Lane, Leeds', { exact: true }).waitFor();
      await page.reload();
      await main(page).getByText('7 Mill Lane, Leeds', { exact: true }).waitFor();
      expect(await page.getByRole('img', { name: `Photo of ${name}` }).getAttribute('src')).toBe(photoBefore);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
