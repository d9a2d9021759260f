import { expectAxeClean } from './axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api } from './shop';
import { waitUntil } from './wait';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [400, 1280] as const;

interface ListedMail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
}

describe('reading an e-mail of the outbox', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px an admin opens a sign-up's verification e-mail from the Outbox: headers, text with the token redacted, the HTML in a sandboxed frame; Back keeps the list`, async () => {
      // A sign-up mails a verification link to a new address: the e-mail to find.
      const email = uniqueEmail(`outbox-${width}`);
      await registerAccount('Outbox Reader', email);
      const admin = await adminAccount();
      const mail = await waitUntil(
        async () => (await api<ListedMail[]>('/admin/outbox?limit=100', { token: admin.token })).find((m) => m.to === email && m.kind === 'verify_email'),
        { message: () => `no verification e-mail to ${email} in the outbox` },
      );

      const { context, page, pageErrors } = await openPage(browser, '/', { width, height: 900 });
      try {
        await openSignedIn(page, admin.token, '/dashboard/outbox');
        await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
        const row = page.getByTestId('outbox-row').filter({ hasText: email });
        await row.getByRole('link', { name: mail.subject }).click();
        await page.waitForURL((url) => url.pathname === `/dashboard/outbox/${mail._id}`);
        await page.getByRole('heading', { level: 1, name: mail.subject }).waitFor();

        const headers = page.getByRole('region', { name: 'Headers' });
        await expect.poll(() => headers.innerText()).toContain(email);
        expect(await headers.innerText()).toContain(mail.subject);
        expect(await headers.innerText()).toMatch(/Message-ID\s*<[0-9a-f]{24}@/i);
        const text = await page.getByTestId('mail-text').innerText();
        expect(text).toContain('token=REDACTED');
        expect(text).not.toMatch(/token=(?!REDACTED)[A-Za-z0-9_-]{10,}/);

        const frame = page.locator('iframe');
        await expect.poll(() => frame.count()).toBe(1);
        expect(await frame.getAttribute('sandbox')).toBe('');
        expect(await frame.getAttribute('src')).toBeNull();
        expect(await frame.getAttribute('srcdoc')).toContain("default-src 'none'");
        expect(await frame.getAttribute('title')).toBe(`HTML part of the e-mail: ${mail.subject}`);
        const box = await frame.boundingBox();
        expect(box && box.width > 0 && box.x >= 0 && box.x + box.width <= width).toBe(true);
        // The frame's document is the message's HTML, its link redacted, and nothing in it ran.
        const inner = page.frameLocator('iframe').locator('body');
        await expect.poll(() => inner.innerText()).toMatch(/\S/);
        expect(await page.frameLocator('iframe').locator('a[href*="token=REDACTED"]').count()).toBeGreaterThan(0);

        // Nothing sticks out sideways at this width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await settled(page);
        await expectAxeClean(page, 'an e-mail of the outbox (the HTML part\'s frame is sandboxed: axe checks the page around it)');

        // A reload keeps the e-mail open; Back returns to the Outbox.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: mail.subject }).waitFor();
        await page.getByRole('link', { name: 'Back to the outbox' }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/outbox');
        await page.getByRole('table', { name: 'E-mails' }).waitFor();
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
