import type { FieldError } from '@mostrador/contract';
import { hardNavigation } from '../lib/hard-navigation';
import { clearToken, getToken } from './token';

export const apiBase = '/v1';
export const requestTimeoutMs = 20_000;

/** An API failure: the HTTP status (0 when the server could not be reached) and the contract's error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly details: unknown;

  constructor(status: number, code: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The per-field errors of a 400 answer, empty otherwise. */
  get fieldErrors(): FieldError[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.filter(
      (d): d is FieldError => typeof d?.field === 'string' && typeof d?.message === 'string',
    );
  }

  get isTimeout(): boolean {
    return this.status === 0 && this.message === 'timeout';
  }
}

export type QueryValue = string | number | boolean | object | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls where a 401 is an answer, not an expired session (login, logout). */
  logoutOn401?: boolean;
  /**
   * `blob`: the answer is a file (an image, a report), not the JSON envelope; `stream`: the `Response`
   * itself, its body unread, for the caller to read as it arrives (the timeout stops once it has begun).
   */
  responseType?: 'json' | 'blob' | 'stream';
  /** How long to wait for the answer; 20 s unless a call is known to take longer (a test mail). */
  timeoutMs?: number;
}

export function toSearch(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function linkSignals(timeout: AbortController, outer: AbortSignal | undefined): void {
  if (!outer) return;
  if (outer.aborted) timeout.abort(outer.reason);
  else outer.addEventListener('abort', () => timeout.abort(outer.reason), { once: true });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown, fallback: string): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)
    ?.error;
  const code = typeof error?.code === 'number' ? error.code : 0;
  const message = typeof error?.message === 'string' ? error.message : fallback;
  return new ApiError(status, code, message, error?.details);
}

/** One call to the API: bearer token, 20 s timeout (unless `timeoutMs`), `{data}` unwrapped, failures as `ApiError`. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? requestTimeoutMs);
  linkSignals(controller, options.signal);

  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (an upload) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`${apiBase}${path}${toSearch(options.query)}`, {
      method,
      headers,
      body: isForm
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (response.ok && options.responseType === 'stream') body = undefined;
    else
      body =
        response.ok && options.responseType === 'blob' ? await response.blob() : await readBody(response);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 0, timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    if (response.status === 401 && options.logoutOn401 !== false) {
      clearToken();
      hardNavigation.assign('/login');
    }
    throw toApiError(response.status, body, response.statusText);
  }
  if (options.responseType === 'stream') return response as T;
  if (options.responseType === 'blob') return body as T;
  return (body as { data?: T } | undefined)?.data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** A file from the API (bearer-authenticated, so not a plain `<img src>`). */
  blob: (path: string, options?: Omit<RequestOptions, 'body' | 'responseType'>) =>
    request<Blob>('GET', path, { ...options, responseType: 'blob' }),
  /** A file the API streams (an export): the answer's headers, its body left to read; `signal` cancels it. */
  stream: (path: string, body: unknown, options?: Omit<RequestOptions, 'body' | 'responseType'>) =>
    request<Response>('POST', path, { ...options, body, responseType: 'stream' }),
};
