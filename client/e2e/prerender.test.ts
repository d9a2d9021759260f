import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { messages } from '../src/config/messages';
import { pageMessages } from '../src/config/page-messages';
import { site } from '../src/config/site';
import { formatPrice } from '../src/utils/format';
import { adminAccount, registerAccount, uniqueEmail } from './accounts';
import { launchBrowser, webUrl } from './browser';
import { api, demoProduct, GENERATOR } from './shop';

/**
 * Issue 13: the public static routes are prerendered at build time and
 * hydrated without a mismatch; the Go-rendered product page is replaced by
 * the client without a layout shift.
 */

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await registerAccount('Prerender Tester', uniqueEmail('prerender'))).token;
});

afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [400, 1280] as const;
const ROUTES = ['/', '/portfolio', '/blog', '/landing'] as const;

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings, and uncaught errors. */
  problems: string[];
}

/**
 * A page whose console is watched from the start, optionally signed in before
 * any script runs. Before the app's scripts run (readyState "interactive"),
 * it keeps the header's logo link that came in the HTML, and sums layout shifts.
 */
async function watchedPage(width: number, signedIn: boolean): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (signedIn) await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  await context.addInitScript(() => {
    const w = window as unknown as {
      serverLogo?: Element | null;
      serverFooter?: Element | null;
      layoutShift: number;
      shifted: string[];
    };
    w.layoutShift = 0;
    w.shifted = [];
    new PerformanceObserver((list) => {
      type Rect = { x: number; y: number; width: number; height: number };
      type Shift = { value: number; startTime: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: Rect; currentRect: Rect }[] };
      const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        // What moved, from where to where and when, for the failure message.
        for (const source of entry.sources) {
          const node = (source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?';
          w.shifted.push(`${node} [${box(source.previousRect)} -> ${box(source.currentRect)} at ${Math.round(entry.startTime)} ms, ${entry.value.toFixed(4)}]`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      w.serverLogo = document.querySelector('#root header a[href="/"]');
      w.serverFooter = document.querySelector('#root footer');
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { context, page, problems };
}

/**
 * Whether React has taken over the element(s) `target` names (it keeps its fiber on each element): a global the test
 * kept (`window.serverLogo`, an element or a list of them) or a selector. A function, not a string: the page's
 * Content-Security-Policy allows no eval, which Playwright would use for a string predicate.
 */
function takenOver(target: string): boolean {
  const owned = (element: unknown) =>
    element instanceof Element && element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  if (target.startsWith('window.')) {
    const value = (window as unknown as Record<string, unknown>)[target.slice('window.'.length)];
    return Array.isArray(value) ? value.every(owned) : owned(value);
  }
  return owned(document.querySelector(target));
}

/** Waits until React owns the header logo link the HTML came with (the same element: hydrated, not re-rendered). */
async function waitForTakeOver(page: Page) {
  await page.waitForFunction(takenOver, 'window.serverLogo');
}

/** The header's state after the first render: Sign Out for a signed-in visitor, Login otherwise. */
async function waitForHeader(page: Page, signedIn: boolean) {
  const nav = page.locator('header nav');
  if (signedIn) await nav.getByRole('button', { name: messages.nav.signOut, includeHidden: true }).waitFor({ state: 'attached' });
  else await nav.getByRole('link', { name: messages.nav.login, includeHidden: true }).waitFor({ state: 'attached' });
}

describe('prerendered routes (issue 13)', () => {
  it('the first HTML of / has the banner, the section headings, the About text and the footer, before any script', async () => {
    const response = await fetch(webUrl('/'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root" data-prerendered="/">');

    // The page as the HTML alone draws it.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 400, height: 900 } });
    const page = await context.newPage();
    await page.goto(webUrl('/'));
    await page.getByRole('heading', { level: 1, name: site.banner.title }).waitFor();
    await page.getByRole('heading', { level: 2, name: messages.catalogue.sectionTitle }).waitFor();
    await page.getByRole('heading', { level: 2, name: messages.reviews.sectionTitle }).waitFor();
    await page.getByRole('heading', { level: 2, name: site.about.title }).waitFor();
    await page.getByText(site.about.text, { exact: true }).waitFor({ state: 'attached' });
    await page.locator('footer').waitFor({ state: 'attached' });
    await context.close();
  });

  it('a hydrated page hands its title on: navigating from / to /blog and back names each page', async () => {
    const { context, page, problems } = await watchedPage(1280, false);
    await page.goto(webUrl('/'));
    await waitForTakeOver(page);
    await page.waitForFunction((title) => document.title === title, `${site.storeName} | ${site.tagline}`);
    await page.locator('header nav').getByRole('link', { name: pageMessages.pages.blog }).click();
    await page.getByRole('heading', { level: 1, name: pageMessages.pages.blog }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${pageMessages.pages.blog} | ${site.storeName}`);
    await page.locator('header nav').getByRole('link', { name: messages.nav.home }).click();
    await page.getByRole('heading', { level: 1, name: site.banner.title }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${site.storeName} | ${site.tagline}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const path of ROUTES) {
    for (const width of WIDTHS) {
      for (const signedIn of [false, true]) {
        it(`${path} at ${width}px, signed ${signedIn ? 'in' : 'out'}: hydrates the prerendered markup with no warning`, async () => {
          const { context, page, problems } = await watchedPage(width, signedIn);
          await page.goto(webUrl(path));
          await waitForTakeOver(page);
          await waitForHeader(page, signedIn);
          expect(problems).toEqual([]);
          // Signed out, nothing moves. (Signed in, the header's links change from Login to Dashboard and
          // Sign Out after hydration, and at desktop widths the search box beside them moves with them.)
          if (!signedIn) {
            const { layoutShift, shifted } = await page.evaluate(() => {
              const w = window as unknown as { layoutShift: number; shifted: string[] };
              return { layoutShift: w.layoutShift, shifted: w.shifted };
            });
            expect(layoutShift, shifted.join('\n')).toBe(0);
          }
          // The footer came in the HTML; it is hydrated (the same element) once it nears the viewport.
          await page.locator('footer').scrollIntoViewIfNeeded();
          await page.waitForFunction(takenOver, 'window.serverFooter');
          await page.locator('footer').getByRole('link', { name: site.footer.legal[0]!.label }).click();
          await page.waitForURL((url) => url.pathname === site.footer.legal[0]!.href);
          expect(problems).toEqual([]);
          await context.close();
        });
      }
    }
  }
});

interface FullProduct {
  _id: string;
  name: string;
  price: number;
  description: string;
  avaialbequantit: number;
  minimumquantity: number;
}

async function productById(id: string): Promise<FullProduct> {
  const response = await fetch(new URL(`/service/${id}`, inject('apiUrl')));
  if (response.status !== 200) throw new Error(`GET /service/${id}: ${response.status}`);
  return (await response.json()) as FullProduct;
}

describe('the Go-rendered product page (issue 13)', () => {
  it('its first HTML is the product’s page', async () => {
    const product = await productById((await demoProduct(GENERATOR))._id);
    const response = await fetch(webUrl(`/product/${product._id}`));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root" data-ssr="product">');
    expect(html).toMatch(/<h1 class="[^"]+" id="product-name">/); // drawn without MUI (issue 31)
    expect(html).toContain(product.name);
    expect(html).toContain(formatPrice(product.price));
    expect(html).toContain('<script id="ssr-product" type="application/json">');
  });

  for (const width of WIDTHS) {
    it(`at ${width}px: the client replaces it with no layout shift and no warning, and Purchase opens the purchase page`, async () => {
      const product = await productById((await demoProduct(GENERATOR))._id);
      const { context, page, problems } = await watchedPage(width, true);
      await page.goto(webUrl(`/product/${product._id}`));
      // Replaced, not hydrated: the server's elements are gone, React's are in their place.
      await page.waitForFunction(takenOver, '[data-testid="product-details"]');
      await waitForHeader(page, true);
      const details = page.getByTestId('product-details');
      await details.getByRole('heading', { level: 1, name: product.name }).waitFor();
      expect(await details.getByTestId('product-price').innerText()).toBe(formatPrice(product.price));
      await details.getByText(`Available: ${product.avaialbequantit} Pcs`, { exact: true }).waitFor();
      await details.getByText(product.description, { exact: true }).waitFor();
      await page.locator('footer').waitFor();
      expect(problems).toEqual([]);
      const { layoutShift, shifted } = await page.evaluate(() => {
        const w = window as unknown as { layoutShift: number; shifted: string[] };
        return { layoutShift: w.layoutShift, shifted: w.shifted };
      });
      expect(layoutShift, shifted.join('\n')).toBe(0);

      await details.getByRole('link', { name: messages.catalogue.purchaseLabel(product.name) }).click();
      await page.waitForURL((url) => url.pathname === `/purchase/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.getByRole('button', { name: 'Place Order' }).waitFor();
      await context.close();
    });
  }

  // Issue 35: a product with several pictures, a SKU, a category and specifications. The thumbnails lie over
  // the picture and the rest comes after the description, so the server's page moves no pixel either.
  for (const width of WIDTHS) {
    it(`at ${width}px: a product with several pictures and specifications is replaced with no layout shift`, async () => {
      const admin = await adminAccount();
      const pictures = [...new Set(((await (await fetch(new URL('/service?limit=8', inject('apiUrl')))).json()) as { image: string }[]).map((p) => p.image))].slice(0, 3);
      const category = `Prerender ${randomUUID().slice(0, 8)}`;
      await api('/categories', { method: 'POST', token: admin.token, body: JSON.stringify({ name: category }) });
      const { insertedId } = await api<{ insertedId: string }>('/added', {
        method: 'POST',
        token: admin.token,
        body: JSON.stringify({
          name: `Prerender Gallery ${randomUUID().slice(0, 8)}`,
          price: '2500',
          avaialbequantit: '9',
          minimumquantity: '1',
          description: 'A press with several pictures and specifications.',
          image: pictures[0],
          images: pictures,
          sku: `PR-${randomUUID().slice(0, 8)}`,
          category,
          specs: [
            { name: 'Force', value: '30', unit: 't' },
            { name: 'Stroke', value: '200', unit: 'mm' },
            { name: 'Frame', value: 'welded steel' },
          ],
          email: admin.user.email,
        }),
      });
      const product = await productById(insertedId);
      const { context, page, problems } = await watchedPage(width, true);
      await page.goto(webUrl(`/product/${product._id}`));
      await page.waitForFunction(takenOver, '[data-testid="product-details"]');
      await waitForHeader(page, true);
      const details = page.getByTestId('product-details');
      await details.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await details.getByRole('button', { name: 'Show picture 3' }).waitFor();
      await details.getByRole('region', { name: 'Specifications' }).waitFor();
      await page.locator('footer').waitFor();
      expect(problems).toEqual([]);
      const { layoutShift, shifted } = await page.evaluate(() => {
        const w = window as unknown as { layoutShift: number; shifted: string[] };
        return { layoutShift: w.layoutShift, shifted: w.shifted };
      });
      expect(layoutShift, shifted.join('\n')).toBe(0);
      await context.close();
    });
  }

  // The flake of issue 30 (layout shift 0.0099, then 0.045 in a fresh-clone run): the signed-in account is
  // unverified, and its banner, shown once GET /auth/me answers, was inserted above the page, pushing it down
  // whenever that answer came after the first paint. Here the answer is held until the page is drawn.
  for (const width of WIDTHS) {
    it(`at ${width}px: an unverified account's banner, arriving after the page is drawn, moves nothing`, async () => {
      const product = await productById((await demoProduct(GENERATOR))._id);
      const { context, page, problems } = await watchedPage(width, true);
      let release!: () => void;
      const drawn = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/auth/me', async (route) => {
        await drawn;
        await route.continue();
      });
      await page.goto(webUrl(`/product/${product._id}`));
      await page.waitForFunction(takenOver, '[data-testid="product-details"]');
      await page.getByTestId('product-details').getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.locator('footer').waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.getByRole('region', { name: 'E-mail verification' }).count()).toBe(0);
      // From here on, what moves is the banner's doing. The replacement of the server's page before it is the
      // test above's (with the account known at once); a shift there (seen once here, in a full fresh-clone run
      // under load, and never reproduced alone, nor with the CPU slowed six times) fails that test, not this one.
      await page.evaluate(() => {
        const w = window as unknown as { layoutShift: number; shifted: string[] };
        w.layoutShift = 0;
        w.shifted = [];
      });
      release();
      const banner = page.getByRole('region', { name: 'E-mail verification' });
      await banner.waitFor();
      expect(await banner.isVisible()).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { layoutShift, shifted } = await page.evaluate(() => {
        const w = window as unknown as { layoutShift: number; shifted: string[] };
        return { layoutShift: w.layoutShift, shifted: w.shifted };
      });
      expect(layoutShift, shifted.join('\n')).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('an unknown or malformed product id answers 404 with the not-found page', async () => {
    for (const id of ['000000000000000000000000', 'not-an-id']) {
      const response = await fetch(webUrl(`/product/${id}`));
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
    }
    const { context, page } = await watchedPage(400, false);
    await page.goto(webUrl('/product/not-an-id'));
    await page.getByRole('heading', { level: 1, name: pageMessages.notFound.title }).waitFor();
    // The client replaces it with the same not-found page (its product answer fetched first), not a spinner.
    await page.waitForFunction(takenOver, 'main h1');
    expect(await page.getByRole('heading', { level: 1, name: pageMessages.notFound.title }).count()).toBe(1);
    expect(await page.getByRole('status').count()).toBe(0);
    await context.close();
  });
});

/** The client's featured query's answer (FeaturedProducts: the first five, the API's order). */
async function featuredProducts(): Promise<FullProduct[]> {
  const response = await fetch(new URL('/service?limit=5', inject('apiUrl')));
  if (response.status !== 200) throw new Error(`GET /service?limit=5: ${response.status}`);
  return (await response.json()) as FullProduct[];
}

const FEATURED_CARDS = 'section[aria-labelledby="our-products-title"] [data-testid="product-card"]';

describe('the home page’s featured products, in its HTML from the Go server (issue 13)', () => {
  it('are in the first HTML, and on the page before any script runs (JavaScript off)', async () => {
    const products = await featuredProducts();
    const html = await (await fetch(webUrl('/'))).text();
    expect(html).toContain('<script id="ssr-queries" type="application/json">');
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 400, height: 900 } });
    const page = await context.newPage();
    await page.goto(webUrl('/'));
    const cards = page.locator(FEATURED_CARDS);
    await cards.first().waitFor();
    expect(await cards.count()).toBe(products.length);
    for (const [i, product] of products.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h3').innerText()).toBe(product.name.toUpperCase());
      await card.getByText(formatPrice(product.price), { exact: true }).waitFor();
      await card.getByText(messages.catalogue.available(product.avaialbequantit), { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: messages.catalogue.purchaseLabel(product.name) }).getAttribute('href')).toBe(`/purchase/${product._id}`);
    }
    // No spinner waits for them.
    expect(await page.locator('section[aria-labelledby="our-products-title"] [role="status"]').count()).toBe(0);
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`at ${width}px: hydrating keeps the server’s cards (the same elements), with no warning, no shift and no second fetch`, async () => {
      const products = await featuredProducts();
      const { context, page, problems } = await watchedPage(width, false);
      await page.addInitScript((selector) => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') (window as unknown as { serverCards: Element[] }).serverCards = [...document.querySelectorAll(selector)];
        });
      }, FEATURED_CARDS);
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/service') fetched.push(request.url());
      });
      await page.goto(webUrl('/'));
      expect(await page.evaluate(() => (window as unknown as { serverCards: Element[] }).serverCards.length)).toBe(products.length);
      await waitForTakeOver(page);
      // React owns every card the HTML came with: hydrated, not rendered anew.
      await page.waitForFunction(takenOver, 'window.serverCards');
      await waitForHeader(page, false);
      expect(await page.locator(FEATURED_CARDS).count()).toBe(products.length);
      expect(problems).toEqual([]);
      const { layoutShift, shifted } = await page.evaluate(() => {
        const w = window as unknown as { layoutShift: number; shifted: string[] };
        return { layoutShift: w.layoutShift, shifted: w.shifted };
      });
      expect(layoutShift, shifted.join('\n')).toBe(0);
      // The query was answered by the page: the client did not ask the API again.
      expect(fetched).toEqual([]);
      // And the cards work: the first one's name opens its product page.
      await page.locator(FEATURED_CARDS).first().locator('h3 a').click();
      await page.waitForURL((url) => url.pathname === `/product/${products[0]!._id}`);
      await context.close();
    });
  }
});
