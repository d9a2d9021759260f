import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { formatCents } from '../src/utils/format';
import { adminAccount } from './accounts';

/** A call to the API under test (JSON in and out, with a token if given); any status but 2xx throws, naming it. */
export async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  const response = await fetch(new URL(path, inject('apiUrl')), { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A product of the demo catalogue, as GET /service answers it. */
export interface DemoProduct {
  _id: string;
  name: string;
  price: number;
  avaialbequantit: number;
  minimumquantity: number;
}

/** The demo catalogue's product named `name` (the server seeds it: SEED_DEMO=true). */
export async function demoProduct(name: string): Promise<DemoProduct> {
  const url = new URL('/service', inject('apiUrl'));
  url.searchParams.set('q', name);
  url.searchParams.set('limit', '50');
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET /service?q=${name}: ${response.status} ${await response.text()}`);
  const product = ((await response.json()) as DemoProduct[]).find((p) => p.name === name);
  if (!product) throw new Error(`the demo catalogue has no product named ${name}`);
  return product;
}

/** Places an order through the API as the token's account (no UI): answers the order's id. */
export async function placeOrder(token: string, productId: string, productQuantity: number): Promise<string> {
  const response = await fetch(new URL('/order', inject('apiUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId, productQuantity, address: '42 Foundry Road, Pittsburgh', mobile: '+1 555 014 2290' }),
  });
  if (response.status !== 201) throw new Error(`POST /order: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

export const GENERATOR = 'Diesel Generator 60 kVA';
export const BEARING = 'Deep Groove Ball Bearing 6205-2RS';

/** A product as GET /service/{id} answers it now. */
export async function productById(id: string): Promise<DemoProduct & { image: string; description: string }> {
  const response = await fetch(new URL(`/service/${id}`, inject('apiUrl')));
  if (response.status !== 200) throw new Error(`GET /service/${id}: ${response.status} ${await response.text()}`);
  return (await response.json()) as DemoProduct & { image: string; description: string };
}

/**
 * A product of the calling file's own, added by the admin through the API
 * (the demo generator's picture), named `${label} ${random}`. Files run two at
 * a time on one server: a file that orders, or checks a stock figure, does so
 * on its own product, so no other file's orders move it, and the demo
 * catalogue the home page features keeps its stock.
 */
export async function ownProduct(
  label: string,
  { price, stock, minimum, description = `A product of the browser tests (${label}).` }: { price: number; stock: number; minimum: number; description?: string },
): Promise<DemoProduct> {
  const admin = await adminAccount();
  const { image } = await productById((await demoProduct(GENERATOR))._id);
  const name = `${label} ${randomUUID().slice(0, 8)}`;
  const response = await fetch(new URL('/added', inject('apiUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ name, price: String(price), avaialbequantit: String(stock), minimumquantity: String(minimum), description, image, email: admin.user.email }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`POST /added ${name}: ${response.status} ${await response.text()}`);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return productById(insertedId);
}

/** A purchase as GET /groups/{id} answers it to its buyer (issue 43): `amount` is what is charged, in cents, tax included. */
export interface PurchaseAnswer {
  _id: string;
  number: number;
  paid: boolean;
  amount: number;
  tax: number;
  total: number;
  transactionId?: string;
  invoiceNumber?: number;
  quoteNumber?: number;
  quoteId?: string;
  orderIds: string[];
  orders: { _id: string; productName: string; productQuantity: number; shipped: boolean; carrier?: string; trackingNumber?: string }[];
}

/** The purchase once paid: the server verified the intent (succeeded, for this purchase, for its amount) before marking it. */
export async function paidPurchase(token: string, id: string): Promise<PurchaseAnswer> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const purchase = await api<PurchaseAnswer>(`/groups/${id}`, { token });
    if (purchase.paid) return purchase;
    if (Date.now() > deadline) throw new Error(`the purchase ${id} was never paid`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The amount charged, as the pages show money. */
export const charged = (purchase: Pick<PurchaseAnswer, 'amount'>) => formatCents(purchase.amount);

/**
 * The total a page shows in its one order total (components/ui/order-total.tsx, `order-total`) inside
 * `scope`, read at 400 and at 1280 px: in view, and the same at both widths. Leaves the page at 1280 px.
 */
export async function totalAtBothWidths(page: Page, scope: Locator, what: string): Promise<string> {
  const seen: string[] = [];
  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const total = scope.getByTestId('order-total').first();
    await total.waitFor();
    await total.scrollIntoViewIfNeeded();
    expect(await total.isVisible(), `${what}'s total at ${width} px`).toBe(true);
    seen.push((await total.innerText()).trim());
  }
  expect(seen[0], `${what}'s total at 400 and 1280 px`).toBe(seen[1]);
  return seen[0] ?? '';
}
