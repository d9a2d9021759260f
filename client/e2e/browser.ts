import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { waitUntil } from './wait';

/** Debian's Chromium; playwright-core downloads no browser of its own. */
/**
 * The timeout of a test that walks a whole flow across many pages and
 * accounts (a company's purchase, repeat buying): two minutes, where a test
 * is given one (vitest.e2e.config.ts). On a slower machine those two took
 * 55 s and more than 60.
 */
export const LONG_FLOW = 120_000;

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

/**
 * One headless Chromium serves the whole run: the global setup starts it
 * (`launchServer`) and each test file connects to it, so a file pays for a
 * connection, not a browser start. Closing the connected Browser closes the
 * contexts the file made and leaves the browser to the next file. Without the
 * global setup (a file run on its own against a server by hand), a browser of
 * its own is launched.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWs');
  let browser: Browser;
  if (endpoint) {
    browser = await chromium.connect(endpoint);
  } else {
    assertChromiumInstalled();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  }
  return trackingRequests(browser);
}

/** Every context the browser makes counts its requests in flight, for `settled`. */
function trackingRequests(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const inflight = new Set<Request>();
    context.on('request', (request) => inflight.add(request));
    context.on('requestfinished', (request) => inflight.delete(request));
    context.on('requestfailed', (request) => inflight.delete(request));
    inFlight.set(context, inflight);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on('close', () => void context.close());
    return page;
  };
  return browser;
}

const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/** Whether nothing is asked over the network now, and still nothing after the next two frames. */
async function quiet(page: Page, inflight: Set<Request>): Promise<boolean> {
  if (inflight.size > 0) return false;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return inflight.size === 0;
}

/**
 * Waits until the page has what it asked for: the document loaded, every
 * request of its context answered (and none started over two more frames, so a
 * render that follows an answer has asked for its own data), the web fonts
 * loaded, and no loading spinner in view in the page's main (except on
 * /loading, which is one; a section below the fold loads when scrolled to). A condition in place of Playwright's network-idle load state, which waits for
 * 500 ms of silence on every call and is flaky on a busy machine.
 */
export async function settled(page: Page, timeout = 20_000): Promise<void> {
  const inflight = inFlight.get(page.context());
  if (!inflight) throw new Error('settled(): the page\'s context was not made by launchBrowser()\'s browser');
  await page.waitForLoadState('load');
  await waitUntil(() => quiet(page, inflight), {
    timeout,
    message: () => `the page did not settle: requests still in flight: ${[...inflight].map((r) => r.url()).join(', ')}`,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(
      () =>
        location.pathname === '/loading' ||
        ![...document.querySelectorAll('main [role="status"] svg')].some((spinner) => {
          const box = spinner.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight; // one below the fold waits to be scrolled to (lazy-on-visible)
        }),
      undefined,
      { timeout: 8_000 },
    )
    .catch(() => undefined); // a page that keeps its spinner is still checked by the caller
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
  await settled(page);
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

/**
 * Each button's label fits inside the button (nothing drawn past its border: issue 47) at 400 and 1280 px. Checks
 * the first three of `buttons`; leaves the page at 1280 px.
 */
export async function labelsFit(page: Page, buttons: Locator, label: string): Promise<void> {
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await buttons.first().waitFor();
    const count = Math.min(await buttons.count(), 3);
    for (let i = 0; i < count; i++) {
      const overflow = await buttons.nth(i).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(overflow.scroll, `${label} at ${width} px: its label fits the button`).toBeLessThanOrEqual(overflow.client + 1);
    }
  }
}
