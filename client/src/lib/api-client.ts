import { env } from '@/config/env';
import { messages } from '@/config/messages';
import { clearAccessToken, getAccessToken } from '@/lib/auth-token';
import type { Page } from '@/types/api';

/** An RFC 9457 problem document, as the server sends it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Record<string, string>;
}

/** Every failed request becomes an ApiError: an HTTP error (status > 0) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: Record<string, string>;

  constructor(status: number, problem: Problem) {
    const title = problem.title || messages.errors.unexpected;
    super(problem.detail || title);
    this.name = 'ApiError';
    this.status = status;
    this.type = problem.type || 'about:blank';
    this.title = title;
    this.detail = problem.detail || '';
    this.errors = problem.errors ?? {};
  }
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** How to read a successful answer: JSON (the default), or the raw body as a Blob (a file download). */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(path.replace(/^\/?/, '/'), `${env.API_URL}/`);
  if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

async function readProblem(response: Response): Promise<Problem> {
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      const body: unknown = await response.json();
      if (body && typeof body === 'object') return body as Problem;
    } catch {
      // fall through to the status text
    }
  }
  return { title: response.statusText || messages.errors.unexpected, status: response.status };
}

/** The one HTTP client of the app. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', query, body, signal } = options;
  const headers = new Headers({ Accept: 'application/json, application/problem+json', ...options.headers });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, { title: messages.errors.network });
  }

  if (!response.ok) {
    const problem = await readProblem(response);
    // A rejected token ends the session (guarded pages then ask to sign in again);
    // unless the user has signed in afresh while this request was under way.
    if (response.status === 401 && token && getAccessToken() === token) clearAccessToken('expired');
    throw new ApiError(response.status, problem);
  }

  const data = (response.status === 204 ? undefined : options.responseType === 'blob' ? await response.blob() : await response.json()) as T;
  return { data, status: response.status, headers: response.headers };
}

export const apiClient = {
  request,
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }).then((r) => r.data),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }).then((r) => r.data),
  getPage,
};

/**
 * GET of a paginated list: the items and the number of matches, which the API
 * sends in X-Total-Count (without the header, or with a bad one, the items are all there is).
 */
export async function getPage<T>(path: string, query: Record<string, QueryValue> = {}, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await request<T[]>(path, { query, signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: headers.has('X-Total-Count') && Number.isFinite(total) ? total : data.length };
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return error.title;
  return fallback;
}
