import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
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
