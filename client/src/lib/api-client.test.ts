import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, buildUrl } from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiClient', () => {
  it('calls the API base URL with the query, skipping empty values', () => {
    expect(buildUrl('/service', { limit: 5, q: '', sort: undefined })).toBe('http://localhost:5000/service?limit=5');
  });

  it('sends the bearer token when signed in', async () => {
    window.localStorage.setItem('accessToken', 'abc');
    const fetchMock = mockFetch(Response.json([]));
    await apiClient.get('/reviews');
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = mockFetch(Response.json([]));
    await apiClient.get('/reviews');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).has('Authorization')).toBe(false);
  });

  it('turns a problem document into an ApiError', async () => {
    mockFetch(
      new Response(
        JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'invalid product', errors: { price: 'must be positive' } }),
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    const error = await apiClient.post('/added', { price: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, title: 'Bad Request', detail: 'invalid product', errors: { price: 'must be positive' } });
  });

  it('reads a file download as a Blob, with its headers, when asked to', async () => {
    mockFetch(new Response('number,createdAt\n1001,2025-01-02\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' } }));
    const { data, headers } = await apiClient.request<Blob>('/admin/orders.csv', { responseType: 'blob' });
    expect(data.type).toBe('text/csv');
    expect(await data.text()).toBe('number,createdAt\n1001,2025-01-02\n');
    expect(headers.get('Content-Disposition')).toBe('attachment; filename="x.csv"');
  });

  it('reads a page of a list with its total from X-Total-Count, or the items alone without it', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify([{ _id: 'a' }, { _id: 'b' }]), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '42' } }));
    expect(await apiClient.getPage<{ _id: string }>('/orders', { limit: 2, skip: 4, status: undefined })).toEqual({ items: [{ _id: 'a' }, { _id: 'b' }], total: 42 });
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/orders\?limit=2&skip=4$/);

    mockFetch(new Response(JSON.stringify([{ _id: 'a' }]), { headers: { 'Content-Type': 'application/json' } }));
    expect(await apiClient.getPage('/contact')).toEqual({ items: [{ _id: 'a' }], total: 1 });
    mockFetch(new Response(JSON.stringify([{ _id: 'a' }]), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': 'many' } }));
    expect(await apiClient.getPage('/contact')).toEqual({ items: [{ _id: 'a' }], total: 1 });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiClient.get('/service').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it('drops a token the server rejects', async () => {
    window.localStorage.setItem('accessToken', 'stale');
    mockFetch(new Response(JSON.stringify({ title: 'Unauthorized', status: 401 }), { status: 401, headers: { 'Content-Type': 'application/problem+json' } }));
    await expect(apiClient.get('/order')).rejects.toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not end a newer session when an older request comes back 401', async () => {
    window.localStorage.setItem('accessToken', 'old');
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => new Promise<Response>((r) => (answer = r))));
    const pending = apiClient.get('/order').catch((e: unknown) => e);
    window.localStorage.setItem('accessToken', 'new'); // signed in again meanwhile
    answer(new Response(JSON.stringify({ status: 401 }), { status: 401, headers: { 'Content-Type': 'application/problem+json' } }));
    expect(await pending).toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem('accessToken')).toBe('new');
  });
});
