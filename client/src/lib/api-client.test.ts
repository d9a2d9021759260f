import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/config/messages';
import { sentBody } from '@/testing/sent-request';
import { ApiError, api, errorMessage, unwrap, unwrapPage, unwrapResponse } from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The request of the fetch call to `path` (the client sends each as a Request). */
function sent(fetchMock: { mock: { calls: unknown[][] } }, path: string): Request {
  const request = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => new URL(r.url).pathname === path);
  if (!request) throw new Error(`no call to ${path}`);
  return request;
}

const problem = (status: number, body: object) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail: '', ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('calls the API base URL with the query, skipping empty values', async () => {
    const fetchMock = mockFetch(Response.json([]));
    await unwrapPage(api.GET('/service', { params: { query: { limit: 5, q: '', sort: undefined } } }));
    expect(sent(fetchMock, '/service').url).toBe('http://localhost:5000/service?limit=5');
  });

  it('puts path parameters in the path, encoded', async () => {
    const fetchMock = mockFetch(Response.json({ admin: false }));
    await unwrap(api.GET('/admin/{email}', { params: { path: { email: 'a b@example.com' } } }));
    expect(sent(fetchMock, '/admin/a%20b%40example.com').method).toBe('GET');
  });

  it('sends the bearer token when signed in, and a JSON body as JSON', async () => {
    window.localStorage.setItem('accessToken', 'abc');
    const fetchMock = mockFetch(Response.json({ acknowledged: true, insertedId: 'r1' }, { status: 201 }));
    await unwrap(api.POST('/reviews', { body: { review: 'Sturdy.', img: 'http://localhost:5000/images/1', rating: 5 } }));
    const request = sent(fetchMock, '/reviews');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer abc');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(sentBody(request)).toEqual({ review: 'Sturdy.', img: 'http://localhost:5000/images/1', rating: 5 });
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = mockFetch(Response.json([]));
    await unwrap(api.GET('/reviews'));
    expect(sent(fetchMock, '/reviews').headers.has('Authorization')).toBe(false);
  });

  it('turns a problem document into an ApiError with its code', async () => {
    mockFetch(problem(400, { title: 'Bad Request', detail: 'invalid product', code: 'invalid', errors: { price: 'must be positive' } }));
    const error = await unwrap(api.POST('/added', { body: { name: 'X', price: -1, image: '', description: '', avaialbequantit: 1, minimumquantity: 1 } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', title: 'Bad Request', detail: 'invalid product', errors: { price: 'must be positive' } });
  });

  it('gives a conflict its code, for the app to branch on', async () => {
    mockFetch(problem(409, { title: 'Conflict', detail: 'Only 3 of X left in stock.', code: 'conflict' }));
    const error = await unwrap(api.POST('/order', { body: { productId: 'p1', productQuantity: 9, address: 'A', mobile: '5550100' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 409, code: 'conflict', detail: 'Only 3 of X left in stock.' });
  });

  it('makes an ApiError of an error answer that is not a problem document, without a code', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }));
    const error = await unwrap(api.GET('/reviews')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: undefined, title: 'Bad Gateway' });
  });

  it('answers undefined for a 204', async () => {
    window.localStorage.setItem('accessToken', 'abc');
    mockFetch(new Response(null, { status: 204 }));
    await expect(unwrap(api.POST('/auth/sign-out-everywhere'))).resolves.toBeUndefined();
  });

  it('reads a file download as a Blob, with its headers, when asked to', async () => {
    const fetchMock = mockFetch(
      new Response('number,createdAt\n1001,2025-01-02\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' } }),
    );
    const { data, response } = await unwrapResponse(
      api.GET('/admin/orders.csv', { params: { query: { from: '2025-01-01', to: '2025-01-31' } }, parseAs: 'blob', headers: { Accept: 'text/csv' } }),
    );
    expect(data.type).toBe('text/csv');
    expect(await data.text()).toBe('number,createdAt\n1001,2025-01-02\n');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="x.csv"');
    expect(sent(fetchMock, '/admin/orders.csv').headers.get('Accept')).toBe('text/csv');
  });

  it('sends an upload as multipart FormData, without a JSON content type', async () => {
    const fetchMock = mockFetch(Response.json({ success: true, data: { url: 'http://localhost:5000/images/1' } }, { status: 201 }));
    const file = new File([new Uint8Array([1, 2, 3])], 'press.png', { type: 'image/png' });
    const result = await unwrap(
      api.POST('/upload', {
        body: { image: file },
        bodySerializer: ({ image }) => {
          const form = new FormData();
          form.append('image', image, file.name);
          return form;
        },
      }),
    );
    expect(result.data.url).toBe('http://localhost:5000/images/1');
    const request = sent(fetchMock, '/upload');
    expect(request.headers.get('Content-Type') ?? '').not.toContain('application/json');
    expect(((sentBody(request) as FormData).get('image') as File).name).toBe('press.png');
  });

  it('reads a page of a list with its total from X-Total-Count, or the items alone without it', async () => {
    const fetchMock = mockFetch(new Response(JSON.stringify([{ _id: 'a' }, { _id: 'b' }]), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '42' } }));
    expect(await unwrapPage(api.GET('/orders', { params: { query: { limit: 2, skip: 4, status: undefined } } }))).toEqual({ items: [{ _id: 'a' }, { _id: 'b' }], total: 42 });
    expect(sent(fetchMock, '/orders').url).toMatch(/\/orders\?limit=2&skip=4$/);

    mockFetch(new Response(JSON.stringify([{ _id: 'a' }]), { headers: { 'Content-Type': 'application/json' } }));
    expect(await unwrapPage(api.GET('/contact'))).toEqual({ items: [{ _id: 'a' }], total: 1 });
    mockFetch(new Response(JSON.stringify([{ _id: 'a' }]), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': 'many' } }));
    expect(await unwrapPage(api.GET('/contact'))).toEqual({ items: [{ _id: 'a' }], total: 1 });
  });

  it('turns a network failure into an ApiError with status 0 and code network', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await unwrap(api.GET('/service')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network', title: messages.errors.network });
    expect(errorMessage(error, 'fallback')).toBe(messages.errors.network);
  });

  it('passes an abort on as it is, not as a network failure', async () => {
    const fetchMock = vi.fn(
      (request: Request) => new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const pending = unwrap(api.GET('/service', { signal: controller.signal })).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('drops a token the server rejects', async () => {
    window.localStorage.setItem('accessToken', 'stale');
    mockFetch(problem(401, { title: 'Unauthorized', code: 'unauthorized' }));
    await expect(unwrap(api.GET('/order'))).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not end a newer session when an older request comes back 401', async () => {
    window.localStorage.setItem('accessToken', 'old');
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => new Promise<Response>((r) => (answer = r))));
    const pending = unwrap(api.GET('/order')).catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).toBeDefined());
    window.localStorage.setItem('accessToken', 'new'); // signed in again meanwhile
    answer(problem(401, { code: 'unauthorized' }));
    expect(await pending).toBeInstanceOf(ApiError);
    expect(window.localStorage.getItem('accessToken')).toBe('new');
  });
});
