import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { AppProvider } from '@/app/provider';
import type { Problem } from '@/lib/api-client';
import MuiProvider from '@/lib/mui-provider';
import { sentBody } from './sent-request';

interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at (a path, or a location with router state). */
  route?: InitialEntry;
  /** The query client to use (default: a fresh one without retries). */
  queryClient?: QueryClient;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * Renders `ui` inside the app's providers and a memory router; routes other than `ui`'s show their path.
 * MUI's theme is around it, as the app puts it around every part drawn with MUI (lib/with-mui.tsx);
 * the parts drawn without MUI render the same in it.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', queryClient = createTestQueryClient(), ...options }: RenderWithProvidersOptions = {}) {
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MuiProvider>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </MuiProvider>
    </AppProvider>,
    options,
  );
  return { ...result, queryClient };
}

/**
 * Renders `page` as the route `path` (a pattern such as `/product/:id`), opened at
 * `route`. Other paths render nothing here (the location probe still shows them).
 */
export function renderAtRoute(path: string, page: ReactElement, { route, ...options }: RenderWithProvidersOptions & { route: InitialEntry }) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={null} />
    </Routes>,
    { route, ...options },
  );
}

/** Shows the current path (`location`) and router state (`location-state`, JSON) for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname}</div>
      <div data-testid="location-state" hidden>
        {JSON.stringify(location.state ?? null)}
      </div>
    </>
  );
}

/** A JSON response as the API sends it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, init);
}

/** The code the server gives each status (server/internal/httpapi/errors.go, codeStatus). */
const STATUS_CODES: Record<number, Problem['code']> = {
  400: 'invalid',
  401: 'unauthorized',
  402: 'payment_failed',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported',
  429: 'rate_limited',
  503: 'unavailable',
};

/** A problem document (RFC 9457) as the API sends it, with the code of its status. */
export function problemResponse(status: number, detail: string, errors?: Record<string, string>): Response {
  const code = STATUS_CODES[status] ?? 'internal';
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail, code, ...(errors && { errors }) }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

type Handler = (request: { url: URL; method: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

/** A recorded call: `body` is the parsed JSON, or the FormData of an upload. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * A fake API for fetch: `routes` maps "METHOD /path" to a handler (or a fixed
 * response factory). Unknown calls answer 404. Returns the recorded calls.
 * The app's client calls fetch with a Request; fetch(url, init) works too.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    const url = new URL(request.url);
    const { method, headers } = request;
    const body = sentBody(request);
    calls.push({ method, path: url.pathname + url.search, body, authorization: headers.get('Authorization') });
    const handler = routes[`${method} ${decodeURIComponent(url.pathname)}`];
    if (!handler) return problemResponse(404, `no fake for ${method} ${url.pathname}`);
    return handler({ url, method, body, headers });
  };
  return { fetch: fetchMock, calls };
}
