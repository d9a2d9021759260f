import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

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
  await appStarted(page);
  return { context, page, pageErrors };
}

/**
 * Waits until the app has taken over #root. A prerendered or server-rendered
 * page asks for the app's code only after its first paint, so its `load`
 * event can come first; clicks and typing from here on reach React (it
 * hydrates what they touch first).
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * Scrolls down a step at a time until `selector` exists (the home sections
 * load as they near the viewport), checking after each step, then brings it
 * into view. A condition, never a fixed pause.
 */
export async function scrollUntil(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await page.locator(selector).count()) > 0) return true;
        await page.mouse.wheel(0, 700);
        return false;
      },
      { timeout: 20_000, message: `scrolled to the end of the page without finding ${selector}` },
    )
    .toBe(true);
  await page.locator(selector).first().scrollIntoViewIfNeeded();
}

/** Scrolls to the bottom a step at a time (so every lazy section and the footer mount), then back to the top. */
export async function scrollToBottom(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const atBottom = await page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2);
        if (!atBottom) await page.mouse.wheel(0, 800);
        return atBottom;
      },
      { timeout: 30_000, message: 'never reached the bottom of the page' },
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until the finite animations and transitions of the element's modal (a drawer's slide and its
 * backdrop's fade), or of the element itself outside a modal, have finished. Endless animations
 * elsewhere in the page (a spinner, a skeleton's pulse) are not waited for.
 */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => {
    const root = el.closest('.MuiModal-root') ?? el;
    const finite = root.getAnimations({ subtree: true }).filter((a) => a.effect?.getTiming().iterations !== Infinity);
    return Promise.all(finite.map((a) => a.finished.catch(() => undefined))).then(() => undefined);
  });
}
