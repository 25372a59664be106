// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../lib/hard-navigation';
import { stubFetch } from '../test/fetch';
import { ApiError, api, requestTimeoutMs, toSearch } from './client';
import { errorKeys } from './errors';
import { getToken, setToken } from './token';

describe('api client', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(hardNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('calls /v1 with the stored bearer token and unwraps data', async () => {
    setToken('secret');
    const calls = stubFetch(() => ({ body: { data: { id: 7 } } }));
    await expect(api.get('/admin/taxes/7')).resolves.toEqual({ id: 7 });
    expect(calls[0]?.url).toBe('/v1/admin/taxes/7');
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer secret' });
  });

  it('sends JSON bodies and encodes list parameters, objects as JSON', async () => {
    const calls = stubFetch(() => ({ body: { data: null } }));
    await api.post('/admin/taxes', { name: 'IVA', percentage: 21 });
    expect(calls[0]?.init.body).toBe('{"name":"IVA","percentage":21}');
    expect(toSearch({ page: 2, query: '', orders: { name: 'asc' }, filters: undefined })).toBe(
      `?page=2&orders=${encodeURIComponent('{"name":"asc"}')}`,
    );
  });

  it('sends FormData as multipart (no JSON content type) and reads blob answers', async () => {
    const calls = stubFetch(() => ({ body: { data: { id: 3 } } }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'a.txt');
    await expect(api.post('/admin/files', form)).resolves.toEqual({ id: 3 });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
    const blob = await api.blob('/admin/files/download/3');
    // The body is read as a Blob, not parsed as JSON (jsdom's Blob is another realm's: check its shape).
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe('{"data":{"id":3}}');
  });

  it('turns an error body into an ApiError with code and field details', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        error: { code: 1000100, message: 'Invalid input', details: [{ field: 'name', message: 'x' }] },
      },
    }));
    const error = await api.put('/admin/taxes/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 1000100, message: 'Invalid input' });
    expect((error as ApiError).fieldErrors).toEqual([{ field: 'name', message: 'x' }]);
    expect(errorKeys(error)).toEqual(['errors.1000100', 'errors.0']);
  });

  it('logs out on a 401: forgets the token and goes to the login screen', async () => {
    setToken('expired');
    stubFetch(() => ({
      status: 401,
      body: { error: { code: 1000101, message: 'Authentication required' } },
    }));
    await expect(api.get('/admin/users/info')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(hardNavigation.assign).toHaveBeenCalledWith('/login');
  });

  it('keeps the session when a 401 is the answer itself (login)', async () => {
    setToken('kept');
    stubFetch(() => ({ status: 401, body: { error: { code: 1000102, message: 'Login failed' } } }));
    await expect(
      api.post('/admin/authentication/employee-password-login', {}, { logoutOn401: false }),
    ).rejects.toMatchObject({
      code: 1000102,
    });
    expect(getToken()).toBe('kept');
    expect(hardNavigation.assign).not.toHaveBeenCalled();
  });

  it('gives up after 20 seconds', async () => {
    vi.useFakeTimers();
    globalThis.fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs);
    const error = await pending;
    vi.useRealTimers();
    expect(error).toMatchObject({ status: 0, isTimeout: true });
    expect(errorKeys(error)).toEqual(['errors.timeout', 'errors.0']);
  });

  it('reports an unreachable server as a network error', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(errorKeys(error)).toEqual(['errors.network', 'errors.0']);
  });
});
