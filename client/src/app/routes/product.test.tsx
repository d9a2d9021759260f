import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderAtRoute } from '@/testing/test-utils';
import ProductPage from './product';

const ID = '64b7f0c2a1b2c3d4e5f60002';
const generator = makeProduct({
  _id: ID,
  image: 'http://localhost:5000/images/generator',
  description: 'Silent-canopy 60 kVA standby generator.',
  minimumquantity: 1,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(id: string, routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  renderAtRoute('/product/:id', <ProductPage />, { route: `/product/${id}` });
  return api;
}

describe('ProductPage (/product/:id)', () => {
  it('signed out: shows the product with Purchase, and names the page after it', async () => {
    const api = renderAt(ID, { [`GET /service/${ID}`]: () => jsonResponse(generator) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diesel Generator 60 kVA' })).toBeInTheDocument();
    expect(screen.getByText('$14,900')).toBeInTheDocument();
    expect(screen.getByText('Available: 12 Pcs')).toBeInTheDocument();
    expect(screen.getByText('Order-Minimum: 1 pcs')).toBeInTheDocument();
    expect(screen.getByText('Silent-canopy 60 kVA standby generator.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Diesel Generator 60 kVA' })).toHaveAttribute('href', `/purchase/${ID}`);
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/products');
    await vi.waitFor(() => expect(document.title).toBe('Diesel Generator 60 kVA | Ironclad Machinery'));
    expect(api.calls.map((c) => [c.path, c.authorization])).toEqual([[`/service/${ID}`, null]]);
  });

  it('an unknown product (404) shows the not-found page', async () => {
    renderAt(ID, { [`GET /service/${ID}`]: () => problemResponse(404, 'The product was not found.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for has moved, or never existed.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /purchase/i })).not.toBeInTheDocument();
  });

  it('a malformed id (400) shows the not-found page too', async () => {
    renderAt('nope', { 'GET /service/nope': () => problemResponse(400, '"nope" is not a valid id.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('a server error says so, and Try again loads the product', async () => {
    let fail = true;
    renderAt(ID, {
      [`GET /service/${ID}`]: () => (fail ? problemResponse(500, 'Internal error.') : jsonResponse(generator)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this product right now.');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diesel Generator 60 kVA' })).toBeInTheDocument();
  });

  it('an unreachable server shows the network message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderAtRoute('/product/:id', <ProductPage />, { route: `/product/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
