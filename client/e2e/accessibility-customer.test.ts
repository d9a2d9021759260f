import { describe, it } from 'vitest';
import { webUrl } from './browser';
import { sweep } from './sweep';

/** The accessibility sweep as a customer (sweep.ts), and the dashboard menu from the keyboard. */
const state = sweep('customer');

describe('keyboard access', () => {
  it('the dashboard menu drawer opens with Enter and its links work from the keyboard', async () => {
    const context = await state.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      await context.addInitScript((t) => window.localStorage.setItem('accessToken', t), state.customer.token);
      const page = await context.newPage();
      await page.goto(webUrl('/dashboard'));
      const button = page.getByRole('button', { name: 'Dashboard menu' });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Dashboard menu' });
      const link = dialog.getByRole('link', { name: 'My Orders' });
      await link.waitFor();
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard/myorder');
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
