import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn } from './accounts';
import { launchBrowser, openPage, scrollUntil, settled } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('contact form and inbox', () => {
  // Sends one message: POST /contact allows 5 a minute per address, and every browser here is 127.0.0.1.
  it('a visitor sends a message; an admin finds it in the Inbox, marks it handled and deletes it', async () => {
    const subject = `E2E quote ${randomUUID().slice(0, 8)}`;
    const visitor = await openPage(browser, '/');
    try {
      const { page } = visitor;
      await scrollUntil(page, '#contact');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.getByText('Email is Required').waitFor();

      await form.getByLabel('Email Address').fill('visitor@e2e.test');
      await form.getByLabel('Subject').fill(subject);
      await form.getByRole('textbox', { name: 'Message' }).fill('Hello,\nwhat would 3 generators cost, delivered?');
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.getByRole('status').filter({ hasText: 'Thank you! Your message has been sent.' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Message sent' }).waitFor();
      expect(await form.getByLabel('Email Address').inputValue()).toBe('');
      expect(await form.getByLabel('Subject').inputValue()).toBe('');
      expect(await form.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    const admin = await adminAccount();
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      await openSignedIn(page, admin.token, '/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Inbox' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/inbox');
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();

      const card = page.getByRole('article', { name: subject });
      await card.waitFor();
      await card.getByText('visitor@e2e.test').waitFor();
      await card.getByText('what would 3 generators cost').waitFor();
      expect(await card.getByRole('link', { name: `Reply: ${subject}` }).getAttribute('href')).toBe(
        `mailto:visitor@e2e.test?subject=${encodeURIComponent(`Re: ${subject}`)}`,
      );
      // Newest first: it is the first message.
      expect(await page.getByRole('list', { name: 'Messages' }).getByRole('article').first().getAttribute('aria-labelledby')).toBe(
        await card.getAttribute('aria-labelledby'),
      );

      await card.getByText('New', { exact: true }).waitFor();
      await card.getByRole('button', { name: `Mark handled: ${subject}` }).click();
      await card.getByText('Handled', { exact: true }).waitFor();
      await card.getByRole('button', { name: `Mark as new: ${subject}` }).waitFor();

      page.once('dialog', (dialog) => void dialog.accept());
      await card.getByRole('button', { name: `Delete: ${subject}` }).click();
      await card.waitFor({ state: 'detached' });
      await page.getByRole('alert').filter({ hasText: 'The message was deleted.' }).waitFor();

      // And it is gone from the server too.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      await settled(page);
      expect(await page.getByRole('article', { name: subject }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
