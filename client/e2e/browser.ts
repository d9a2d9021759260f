import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. The browser tests drive Debian's Chromium: ` +
        'install it with `apt-get install -y chromium` (as root), or set CHROMIUM_PATH.',
    );
  }
}

/** A headless Chromium; launch() gives every browser a fresh temporary user-data-dir. */
export function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** The built client, as served by the server under test. */
export function webUrl(path = '/'): string {
  return new URL(path, inject('webUrl')).toString();
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Errors the page threw; a test can assert there were none. */
  pageErrors: Error[];
}

export async function openPage(browser: Browser, path: string, viewport = { width: 1280, height: 900 }): Promise<OpenPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(webUrl(path));
  return { context, page, pageErrors };
}
