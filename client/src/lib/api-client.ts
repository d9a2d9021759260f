import type { Client, Middleware } from 'openapi-fetch';
import { env } from '@/config/env';
import { messages } from '@/config/messages';
import { clearAccessToken, getAccessToken } from '@/lib/auth-token';
import type { Page } from '@/types/api';
import type { components, paths } from '@/types/api.gen';

/** An RFC 9457 problem document, as the server sends it (any field may be missing from a proxy's answer). */
export type Problem = Partial<components['schemas']['Problem']>;

/**
 * What failed, for the app to branch on: the problem's `code` (`conflict`,
 * `not_found`, …), or `network` when the server could not be reached.
 * Undefined for an error answer that was not a problem document.
 */
export type ApiErrorCode = components['schemas']['Problem']['code'] | 'network';

/** Every failed request becomes an ApiError: an HTTP error (status > 0) or a network failure (status 0, code `network`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: Record<string, string>;

  constructor(status: number, problem: Omit<Problem, 'code'> & { code?: ApiErrorCode }) {
    const title = problem.title || messages.errors.unexpected;
    super(problem.detail || title);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code;
    this.type = problem.type || 'about:blank';
    this.title = title;
    this.detail = problem.detail || '';
    this.errors = problem.errors ?? {};
  }
}

/**
 * The session's part of every request: the bearer token; a 401 to it ends the
 * session (the guards then ask to sign in again), unless the user signed in
 * afresh while the request was under way; a failed fetch that was not
 * aborted is the network's fault.
 */
const session: Middleware = {
  onRequest({ request }) {
    const token = getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
  },
  onResponse({ request, response }) {
    const sent = request.headers.get('Authorization');
    if (response.status === 401 && sent && sent === `Bearer ${getAccessToken()}`) clearAccessToken('expired');
  },
  onError({ request }) {
    if (!request.signal.aborted) return new ApiError(0, { title: messages.errors.network, code: 'network' });
  },
};

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];

let loading: Promise<Client<paths>> | undefined;

/**
 * openapi-fetch, loaded at the first request: the home page a visitor lands
 * on arrives with its data (the server's markup and seeded queries), so its
 * first load has no use for it. A failed load is the network's fault, and the
 * next request tries again.
 */
function client(): Promise<Client<paths>> {
  loading ??= import('openapi-fetch').then(
    ({ default: createClient }) => {
      const created = createClient<paths>({
        baseUrl: env.API_URL,
        headers: { Accept: 'application/json, application/problem+json' },
        // Looked up at each call, not once (tests replace it).
        fetch: (request) => fetch(request),
        // Empty values are left out (an empty search is no search).
        querySerializer: (query) =>
          new URLSearchParams(
            Object.entries(query)
              .filter(([, value]) => value !== undefined && value !== null && value !== '')
              .map(([key, value]) => [key, String(value)]),
          ).toString(),
      });
      created.use(session);
      return created;
    },
    () => {
      loading = undefined;
      throw new ApiError(0, { title: messages.errors.network, code: 'network' });
    },
  );
  return loading;
}

// A signed-in visitor's first render asks who they are (GET /auth/me): start loading it now.
if (getAccessToken()) void client().catch(() => {});

/**
 * The one HTTP client of the app, typed by the OpenAPI document's `paths`:
 * path, method, parameters, body and answer. Call it through `unwrap` (or
 * `unwrapPage`, `unwrapResponse`), which turn an error answer into an ApiError.
 */
export const api = Object.fromEntries(
  METHODS.map((method) => [method, (...args: unknown[]) => client().then((c) => (c[method] as (...a: unknown[]) => unknown)(...args))]),
) as Pick<Client<paths>, Method>;

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The answer of an `api` call once it succeeded, with its response (headers); an ApiError otherwise. */
export async function unwrapResponse<R extends Answer>(pending: Promise<R>): Promise<{ data: NonNullable<R['data']>; response: Response }> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    const problem = error && typeof error === 'object' ? (error as Problem) : { title: response.statusText || messages.errors.unexpected };
    throw new ApiError(response.status, problem);
  }
  // A 204 has no body: `data` is undefined, as its type (never) says.
  return { data: data as NonNullable<R['data']>, response };
}

/** The body of an `api` call's answer; an ApiError for a failure. */
export async function unwrap<R extends Answer>(pending: Promise<R>): Promise<NonNullable<R['data']>> {
  return (await unwrapResponse(pending)).data;
}

/**
 * A page of a list (a GET of one): the items and the number of matches, which
 * the API sends in X-Total-Count (without the header, or with a bad one, the
 * items are all there is).
 */
export async function unwrapPage<R extends Answer & { data?: unknown[] }>(pending: Promise<R>): Promise<Page<NonNullable<R['data']>[number]>> {
  const { data: items, response } = await unwrapResponse(pending);
  const header = response.headers.get('X-Total-Count');
  const total = Number(header);
  return { items, total: header !== null && Number.isFinite(total) ? total : items.length };
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'network') return error.title;
  return fallback;
}
