import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, openSignedIn, type Account } from './accounts';
import { launchBrowser, openPage, settled } from './browser';
import { api } from './shop';

/**
 * Issue 35 in the browser: the catalogue's filters (category, price), search
 * by a word of the description and by SKU, the product page's gallery by
 * keyboard, and an admin editing specifications. Each run makes its own
 * category and products.
 */
const WIDTHS = [400, 1280] as const;
/** A busy machine answers a search in seconds, not milliseconds. */
const POLL = { timeout: 30_000 };

interface Product {
  _id: string;
  name: string;
  image: string;
  images: string[];
  specs: { name: string; value: string; unit?: string }[];
}

let browser: Browser;
let admin: Account;
let run: string;
let category: string;
let gallery: Product;
let cheap: Product;
let dear: Product;
/** A word only this run's products have in their descriptions. */
let word: string;
let sku: string;

async function addProduct(body: Record<string, unknown>): Promise<Product> {
  const { insertedId } = await api<{ insertedId: string }>('/added', { method: 'POST', token: admin.token, body: JSON.stringify(body) });
  return api<Product>(`/service/${insertedId}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminAccount();
  run = randomUUID().slice(0, 8);
  word = `zorblat${run}`;
  // One word that no name shares (the names carry the run's id as a word of its own).
  sku = `LX${run.toUpperCase()}`;
  category = `E2E Category ${run}`;
  await api('/categories', { method: 'POST', token: admin.token, body: JSON.stringify({ name: category }) });
  // Three distinct pictures: those of the demo catalogue's first products.
  const pictures = [...new Set((await api<Product[]>('/service?limit=8')).map((p) => p.image))].slice(0, 3);
  const base = { avaialbequantit: '20', minimumquantity: '1', email: admin.user.email };
  cheap = await addProduct({ ...base, name: `E2E Cheap Press ${run}`, price: '120', image: pictures[0], description: `A bench press for ${word} work.`, category });
  dear = await addProduct({ ...base, name: `E2E Dear Press ${run}`, price: '950', image: pictures[0], description: 'A floor press.', category });
  gallery = await addProduct({
    ...base,
    name: `E2E Gallery Lathe ${run}`,
    price: '4200',
    image: pictures[0],
    images: pictures,
    description: 'A lathe with several pictures.',
    sku,
    category,
    specs: [
      { name: 'Swing', value: '400', unit: 'mm' },
      { name: 'Motor', value: '2.2', unit: 'kW' },
      { name: 'Weight', value: '520', unit: 'kg' },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

const cardNames = (page: Page) => page.locator('[data-testid="product-card"] h3').allInnerTexts();

/** The filters: the side panel on a wide screen, the drawer (opened by Filters) on a narrow one. */
async function filters(page: Page, width: number) {
  if (width >= 900) return page.getByTestId('filters-side');
  await page.getByRole('button', { name: /^Filters/ }).click();
  return page.getByRole('dialog');
}

describe('the searchable catalogue (issue 35)', () => {
  for (const width of WIDTHS) {
    const viewport = { width, height: 900 };

    it(`at ${width}px: a category's page lists its products, and the price filter narrows it, all in the URL`, async () => {
      const { context, page, pageErrors } = await openPage(browser, `/products?category=${encodeURIComponent(category)}`, viewport);
      try {
        await expect.poll(() => cardNames(page).then((n) => n.sort()), POLL).toEqual([cheap.name, dear.name, gallery.name].map((n) => n.toUpperCase()).sort());
        const panel = await filters(page, width);
        await expect.poll(() => panel.getByRole('combobox', { name: 'Category' }).innerText()).toBe(`${category} (3)`);
        await panel.getByRole('textbox', { name: 'Max price ($)' }).fill('1000');
        await page.waitForURL((url) => url.searchParams.get('maxPrice') === '1000' && url.searchParams.get('category') === category);
        await panel.getByRole('textbox', { name: 'Min price ($)' }).fill('500');
        await page.waitForURL((url) => url.searchParams.get('minPrice') === '500');
        if (width < 900) await page.getByRole('button', { name: 'Show products' }).click();
        await expect.poll(() => cardNames(page), POLL).toEqual([dear.name.toUpperCase()]);
        if (width < 900) await page.getByRole('button', { name: 'Filters (3)' }).waitFor();
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width}px: finds a product by a word of its description (a prefix), and by its SKU`, async () => {
      const { context, page } = await openPage(browser, '/products', viewport);
      try {
        await page.getByRole('searchbox', { name: 'Search by name, SKU or description' }).fill(word.slice(0, -2));
        await page.waitForURL((url) => url.searchParams.get('q') === word.slice(0, -2));
        await expect.poll(() => cardNames(page), POLL).toEqual([cheap.name.toUpperCase()]);
        await page.getByRole('searchbox', { name: 'Search by name, SKU or description' }).fill(sku.toLowerCase());
        await page.waitForURL((url) => url.searchParams.get('q') === sku.toLowerCase());
        await expect.poll(() => cardNames(page), POLL).toEqual([gallery.name.toUpperCase()]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width}px: the product page shows SKU, category and specifications, and its gallery opens and moves by keyboard`, async () => {
      const { context, page, pageErrors } = await openPage(browser, `/product/${gallery._id}`, viewport);
      try {
        const details = page.getByTestId('product-details');
        await details.getByRole('heading', { level: 1, name: gallery.name }).waitFor();
        expect(await details.getByTestId('product-sku').innerText()).toBe(sku);
        expect(await details.getByRole('link', { name: category }).getAttribute('href')).toBe(`/products?category=${encodeURIComponent(category)}`);
        const rows = await details.getByRole('region', { name: 'Specifications' }).getByRole('row').allInnerTexts();
        expect(rows.slice(1).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Swing 400 mm', 'Motor 2.2 kW', 'Weight 520 kg']);
        await settled(page);

        // Keyboard only: Tab to the second thumbnail, Enter opens the gallery there.
        const second = details.getByRole('button', { name: 'Show picture 2' });
        for (let i = 0; i < 60 && !(await second.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
        expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await second.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: gallery.name });
        await dialog.waitFor();
        await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Picture 2 of 3');
        // Its geometry (issue 47: each slide was laid out at about 33,554,392 px wide): the picture, both arrows and
        // every thumbnail inside the dialog and the window.
        const within = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
          const frame = (await dialog.boundingBox())!;
          expect(box, name).not.toBeNull();
          expect(box!.width, `${name} width`).toBeLessThanOrEqual(Math.min(frame.width, viewport.width));
          expect(box!.x, `${name} left`).toBeGreaterThanOrEqual(frame.x - 1);
          expect(box!.x + box!.width, `${name} right`).toBeLessThanOrEqual(frame.x + frame.width + 1);
          expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height + 1);
        };
        await within('the picture', await dialog.getByRole('img', { name: `${gallery.name}: Picture 2 of 3` }).boundingBox());
        for (const arrow of ['Previous picture', 'Next picture']) await within(arrow, await dialog.getByRole('button', { name: arrow }).boundingBox());
        for (const n of [1, 2, 3]) await within(`thumbnail ${n}`, await dialog.getByRole('button', { name: `Show picture ${n}` }).boundingBox());
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Picture 3 of 3');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => dialog.getByRole('status').innerText()).toBe('Picture 1 of 3');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`at ${width}px: an admin reorders, removes and adds specifications`, async () => {
      const product = await addProduct({
        name: `E2E Spec Drill ${run} ${width}`,
        price: '300',
        avaialbequantit: '5',
        minimumquantity: '1',
        image: gallery.image,
        description: 'A drill whose specifications an admin edits.',
        email: admin.user.email,
        specs: [
          { name: 'Power', value: '1.5', unit: 'kW' },
          { name: 'Chuck', value: '16', unit: 'mm' },
        ],
      });
      const { context, page, pageErrors } = await openPage(browser, '/', viewport);
      try {
        await openSignedIn(page, admin.token, `/dashboard/manageproduct?edit=${product._id}`);
        const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Move specification 2 up' }).click();
        await dialog.getByRole('button', { name: 'Remove specification 2' }).click();
        await dialog.getByRole('button', { name: 'Add specification' }).click();
        await dialog.getByRole('textbox', { name: 'Name 2' }).fill('Weight');
        await dialog.getByRole('textbox', { name: 'Value 2' }).fill('14');
        await dialog.getByRole('textbox', { name: 'Unit 2' }).fill('kg');
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await page.getByRole('alert').filter({ hasText: 'The product was updated.' }).waitFor();
        await expect.poll(async () => (await api<Product>(`/service/${product._id}`)).specs).toEqual([
          { name: 'Chuck', value: '16', unit: 'mm' },
          { name: 'Weight', value: '14', unit: 'kg' },
        ]);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
