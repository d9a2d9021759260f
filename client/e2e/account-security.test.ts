import { expectAxeClean as expectAxeCleanAt } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { E2E_PASSWORD, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, openPage, webUrl } from './browser';
import { mailedToken } from './mail-catcher';
import { nextTotp } from './totp';

/**
 * Accounts a customer can trust (issue 29), in Chromium against the real
 * server: the e-mails are read from the SMTP catcher the e2e setup starts,
 * as a person reads them from their mailbox. Each new page is axe-clean at
 * 1280 and 400 px.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

/** Serious and critical axe violations of the page as it is, at 1280 and 400 px wide. */
async function expectAxeClean(page: Page, what: string) {
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAxeCleanAt(page, `${what} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signInStatus(email: string, password: string): Promise<number> {
  const response = await fetch(new URL('/auth/login', inject('apiUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe('accounts a customer can trust', () => {
  it('forgot password → the e-mail → reset → sign in with the new password', async () => {
    const email = uniqueEmail('forgetful');
    await registerAccount('Fay Forgetful', email);
    const { context, page, pageErrors } = await openPage(browser, '/login');
    try {
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      await expectAxeClean(page, '/forgot-password');

      const asked = Date.now();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('status').filter({ hasText: `If an account uses ${email}, we have sent it a link` }).waitFor();
      await expectAxeClean(page, '/forgot-password, sent');

      // The e-mail, from the mailbox; the link opens the reset page.
      const token = await mailedToken(email, /Reset your .* password/, 'reset-password', asked);
      await page.goto(webUrl(`/reset-password?token=${token}`));
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      // The token leaves the address bar and the history at once (issue 47); the tab keeps it for the form.
      await page.waitForURL((url) => url.pathname === '/reset-password' && url.search === '');
      await expectAxeClean(page, '/reset-password');
      await page.getByLabel(/^New password/).fill('brand-new-pw-1');
      await page.getByLabel(/^Repeat the new password/).fill('brand-new-pw-1');
      await page.getByRole('button', { name: 'Set the new password' }).click();

      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('Your password was changed and every session signed out. Please sign in with the new password.').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill('brand-new-pw-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();

      // The link worked once; the old password no longer does.
      await page.goto(webUrl(`/reset-password?token=${token}`));
      await page.getByLabel(/^New password/).fill('another-pw-22');
      await page.getByLabel(/^Repeat the new password/).fill('another-pw-22');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByRole('alert').filter({ hasText: 'This link has been used, has expired or is not valid.' }).waitFor();
      expect(await signInStatus(email, E2E_PASSWORD)).toBe(401);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sign up → the banner → the e-mail → verify: the banner goes and the Account page says Verified', async () => {
    const email = uniqueEmail('newcomer');
    const { context, page, pageErrors } = await openPage(browser, '/register');
    try {
      const signedUp = Date.now();
      await page.getByLabel('Name').fill('Nia Newcomer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // Until verified: the banner on every page, the account usable meanwhile.
      const banner = page.getByRole('region', { name: 'E-mail verification' });
      await banner.getByText(`Please verify your e-mail address: open the link we sent to ${email}.`).waitFor();
      await page.goto(webUrl('/dashboard/account'));
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await banner.waitFor();
      await page.getByRole('article', { name: 'E-mail address' }).getByText('Not verified').waitFor();
      await expectAxeClean(page, '/dashboard/account, unverified, with the banner');

      const token = await mailedToken(email, /Confirm your e-mail address/, 'verify-email', signedUp);
      await page.goto(webUrl(`/verify-email?token=${token}`));
      await page.getByText(`Thank you: ${email} is verified.`).waitFor();
      expect(await banner.count()).toBe(0);
      // The token left the address at once (issue 47): a reload says verified again, not "invalid link" (today's main did).
      expect(new URL(page.url()).search).toBe('');
      await page.reload();
      await page.getByText(`Thank you: ${email} is verified.`).waitFor();
      await expectAxeClean(page, '/verify-email');
      await page.getByRole('link', { name: 'Go to my dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard menu' }).first().getByRole('link', { name: 'Account' }).click();
      await page.getByRole('article', { name: 'E-mail address' }).getByText('Verified', { exact: true }).waitFor();
      expect(await banner.count()).toBe(0);

      // Opened again by the verified account: a success too. The link itself worked once: another browser,
      // with neither the session nor this tab's memory, is told it is used.
      await page.goto(webUrl(`/verify-email?token=${token}`));
      await page.getByText(`Thank you: ${email} is verified.`).waitFor();
      const elsewhere = await openPage(browser, `/verify-email?token=${token}`);
      try {
        await elsewhere.page.getByRole('alert').filter({ hasText: 'This link has been used, has expired or is not valid.' }).waitFor();
      } finally {
        await elsewhere.context.close();
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Account page: sign out everywhere ends another browser’s session; deleting the account signs out and ends the sign-in', async () => {
    const email = uniqueEmail('leaver');
    const account = await registerAccount('Lee Leaver', email);
    const phone = await openPage(browser, '/', { width: 400, height: 800 });
    const laptop = await openPage(browser, '/');
    try {
      for (const { page } of [phone, laptop]) {
        await page.evaluate((t) => localStorage.setItem('accessToken', t), account.token);
      }
      await phone.page.goto(webUrl('/dashboard/account'));
      await phone.page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await expectAxeClean(phone.page, '/dashboard/account');

      // The verification banner at 400 px (issue 47: about 20 % of the screen, no way to dismiss it): compact, and
      // hidden on request for the rest of the session.
      const reminder = phone.page.getByTestId('verify-banner');
      const height = (await reminder.boundingBox())!.height;
      expect(height, 'the banner at 400 px').toBeLessThanOrEqual(800 * 0.12);
      await reminder.getByRole('button', { name: 'Hide this reminder' }).click();
      await reminder.waitFor({ state: 'detached' });
      await phone.page.goto(webUrl('/products'));
      await phone.page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
      expect(await phone.page.getByTestId('verify-banner').count()).toBe(0);
      await phone.page.goto(webUrl('/dashboard/account'));
      await phone.page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();

      await phone.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const confirm = phone.page.getByRole('dialog', { name: 'Sign out on every device?' });
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await phone.page.waitForURL((url) => url.pathname === '/login');
      await phone.page.getByText('You were signed out on every device. Sign in again to go on.').waitFor();
      expect(await phone.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // The laptop's copy of the token is refused: its next page asks to sign in (as for any signed-out
      // visitor, or saying the session ended, whichever the app sees first: the page or the 401).
      await laptop.page.goto(webUrl('/dashboard/myorder'));
      await laptop.page.waitForURL((url) => url.pathname === '/login');
      await laptop.page.getByText(/^(Please sign in to continue\.|Your session has ended\. Please sign in again\.)$/).waitFor();
      await expect.poll(() => laptop.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

      // Signed in again, the account is deleted from the laptop.
      await laptop.page.getByLabel('Email').fill(email);
      await laptop.page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await laptop.page.getByRole('button', { name: 'Login' }).click();
      await laptop.page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await laptop.page.goto(webUrl('/dashboard/account'));
      await laptop.page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = laptop.page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await expectAxeClean(laptop.page, '/dashboard/account, the delete dialog');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await laptop.page.getByRole('alert').filter({ hasText: 'Your account was deleted.' }).waitFor();
      expect(path(laptop.page)).toBe('/');
      expect(await laptop.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect(await signInStatus(email, E2E_PASSWORD)).toBe(401);
      expect(laptop.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
      await laptop.context.close();
    }
  });

  it('two-step sign-in: turned on with the QR code and a code, recovery codes shown once, the second step at sign-in, a recovery code once, signed-in devices ended one by one; an injected script is blocked (CSP)', async () => {
    const email = uniqueEmail('two-step');
    const account = await registerAccount('Tam Twostep', email);
    const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, inject('apiUrl')), init);
    const json = { 'Content-Type': 'application/json' };
    const firstStep = async () => {
      const response = await api('/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password: E2E_PASSWORD }) });
      return (await response.json()) as { token?: string; mfaRequired?: boolean; mfaToken?: string };
    };
    const secondStep = (mfaToken: string, code: string) =>
      api('/auth/login/mfa', { method: 'POST', headers: json, body: JSON.stringify({ mfaToken, code }) });
    const me = async (token: string) => (await api('/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status;
    const other = await firstStep(); // another device, signed in before two-step sign-in
    const { context, page, pageErrors } = await openPage(browser, '/');
    try {
      // The page's Content-Security-Policy blocks a script injected into it.
      const violations = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
            const s = document.createElement('script');
            s.textContent = 'window.__injected = true';
            document.body.append(s);
            setTimeout(() => resolve(seen), 200);
          }),
      );
      expect(await violations).toContain('script-src-elem');
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();

      await page.evaluate((t) => localStorage.setItem('accessToken', t), account.token);
      await page.goto(webUrl('/dashboard/account'));
      const card = page.getByRole('article', { name: 'Two-step sign-in' });
      await card.getByText('Off', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await card.getByTestId('totp-qr').waitFor();
      await expectAxeClean(page, '/dashboard/account, setting up two-step sign-in');
      const secret = (await card.getByTestId('totp-secret').innerText()).trim();
      await card.getByLabel('Code from the app').fill('000000');
      await card.getByRole('button', { name: 'Turn on', exact: true }).click();
      await card.getByText('The code is not correct.').waitFor();
      const code = nextTotp(secret);
      await card.getByLabel('Code from the app').fill(code);
      // The answer is read first: "The code is not correct." is still on the
      // card from the wrong code, so a refused second code would otherwise
      // show only as a wait for the toast running out.
      const confirmed = page.waitForResponse((r) => r.url().endsWith('/account/mfa/totp/confirm') && r.request().method() === 'POST');
      await card.getByRole('button', { name: 'Turn on', exact: true }).click();
      const answer = await confirmed;
      expect(answer.status(), `the code ${code} at ${new Date().toISOString()}: ${await answer.text()}`).toBe(200);
      await page.getByRole('alert').filter({ hasText: 'Two-step sign-in is on. Your other sessions were signed out.' }).waitFor();
      const list = card.getByRole('list', { name: 'Recovery codes' });
      await list.waitFor();
      const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      await expectAxeClean(page, '/dashboard/account, the recovery codes');
      await card.getByRole('button', { name: 'I have kept them' }).click();
      await card.getByText('On', { exact: true }).waitFor();
      expect(await list.count()).toBe(0); // shown once
      expect(await me(other.token!)).toBe(401);

      // Another device signs in with a recovery code (once); this page lists it, and signs it out.
      const phone = await firstStep();
      expect(phone.mfaRequired).toBe(true);
      expect(phone.token).toBeUndefined();
      const signedIn = (await (await secondStep(phone.mfaToken!, codes[0]!)).json()) as { token: string };
      expect(await me(signedIn.token)).toBe(200);
      const again = await firstStep();
      expect((await secondStep(again.mfaToken!, codes[0]!)).status).toBe(400);
      await page.reload();
      const devices = page.getByRole('list', { name: 'Your sessions' });
      await expect.poll(() => devices.getByTestId('session-row').count()).toBe(2);
      await devices.getByTestId('session-row').filter({ hasText: 'This device' }).waitFor();
      await devices.getByTestId('session-row').filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out / }).click();
      await page.getByRole('alert').filter({ hasText: 'That device is signed out.' }).waitFor();
      await expect.poll(() => devices.getByTestId('session-row').count()).toBe(1);
      expect(await me(signedIn.token)).toBe(401);

      // Signing in through the pages: the password, then the second step.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
      await page.goto(webUrl('/login'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).first().fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      const step = page.getByRole('form', { name: 'Two-step sign-in' });
      await step.waitFor();
      await expectAxeClean(page, '/login, the second step');
      await step.getByLabel('Code').fill('123456');
      await step.getByRole('button', { name: 'Verify' }).click();
      await step.getByText('The code is not correct.').waitFor();
      await step.getByLabel('Code').fill(nextTotp(secret));
      await step.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
