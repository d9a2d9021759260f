import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { seedServerQueries } from './server-markup';

function pageWith(json: string | null) {
  document.body.innerHTML = '';
  if (json === null) return;
  const script = document.createElement('script');
  script.id = 'ssr-queries';
  script.type = 'application/json';
  script.textContent = json;
  document.body.append(script);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('seedServerQueries', () => {
  it('puts each answer the server wrote into the query cache under its key', () => {
    const client = new QueryClient();
    pageWith(JSON.stringify([{ queryKey: ['products', { limit: 5 }], data: { items: [{ name: 'Lathe' }], total: 1 } }]));
    seedServerQueries(client);
    expect(client.getQueryData(['products', { limit: 5 }])).toEqual({ items: [{ name: 'Lathe' }], total: 1 });
  });

  it.each([
    ['no script', null],
    ['malformed JSON', '[{"queryKey": ["products"'],
    ['not a list', '{"queryKey": ["products"], "data": 1}'],
    ['entries without a key or data', '[null, 3, {"data": 1}, {"queryKey": "products", "data": 1}, {"queryKey": ["products"]}]'],
  ])('%s: seeds nothing and does not throw, so the app still starts', (_, json) => {
    const client = new QueryClient();
    pageWith(json);
    expect(() => seedServerQueries(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
