import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth 2 endpoints and the Calendar v3 API as the googleapis client speaks
 * them, for tests: a real HTTP server on 127.0.0.1 (the client takes an http `rootUrl`, and the OAuth
 * client's `endpoints`).
 *
 * - `GET /o/oauth2/v2/auth` (the consent page): with the right `client_id`, consents at once and redirects
 *   (302) to `redirect_uri?code=…&state=…`, as Google does after the user's click; `consent: 'deny'`
 *   redirects with `error=access_denied`.
 * - `POST /token` (form body): `authorization_code` (a code of the consent page, for the same client and
 *   redirect URI) and `refresh_token` grants; a bad client is 401 `invalid_client`, an unknown or revoked
 *   code or refresh token 400 `invalid_grant`, as Google answers them. Access tokens last `expiresIn` s.
 * - `/calendar/v3/…` with `Authorization: Bearer`: `users/me/calendarList` (GET), `calendars/{id}/events`
 *   (POST insert, with a client-given id: 409 `duplicate` when taken), `calendars/{id}/events/{eventId}`
 *   (PATCH, DELETE: 404 unknown, 410 `deleted` when already deleted), `freeBusy` (POST: the busy times
 *   the test set plus the calendar's opaque, not cancelled events, merged, clipped to the window, as
 *   Google's own answer does). An unknown or revoked token is 401 with Google's error body.
 */

export interface FakeGoogleEvent {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  transparency: string;
  status: 'confirmed' | 'cancelled';
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export interface FakeGoogle {
  /** `http://127.0.0.1:PORT`, for both GOOGLE_OAUTH_URL and GOOGLE_API_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: FakeGoogleRequest[];
  /** The calendar-API calls only (`POST /calendar/v3/calendars/x/events`…), in order. */
  apiCalls(): string[];
  /** Events by calendar id and event id. */
  events: Map<string, FakeGoogleEvent>;
  calendars: { id: string; summary: string; primary?: boolean; accessRole: string }[];
  /** Busy times of a calendar besides its events (the staff's own appointments). */
  busy: Map<string, { start: string; end: string }[]>;
  /** Every token and refresh token stops working (the user revoked the app's access). */
  revokeAll(): void;
  /** The next calls to the calendar API answer this status (500, 429, 403…) this many times. */
  failNext(status: number, times?: number): void;
  /** How the next consent page answers. */
  consent: 'allow' | 'deny';
  expiresIn: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Google's API error body (`{"error":{"code","message","errors":[{"domain","reason","message"}],"status"}}`). */
function apiError(res: ServerResponse, code: number, reason: string, message: string, status: string) {
  json(res, code, { error: { code, message, errors: [{ domain: 'global', reason, message }], status } });
}

const key = (calendarId: string, eventId: string) => `${calendarId}\n${eventId}`;

export async function startFakeGoogle(
  options: { clientId?: string; clientSecret?: string; port?: number } = {},
): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'fake-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const codes = new Map<string, { redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Map<string, number>();
  const requests: FakeGoogleRequest[] = [];
  const events = new Map<string, FakeGoogleEvent>();
  const busy = new Map<string, { start: string; end: string }[]>();
  let failures: { status: number; times: number } | null = null;
  const token = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

  const fake: FakeGoogle = {
    url: '',
    clientId,
    clientSecret,
    requests,
    apiCalls: () =>
      requests
        .filter((r) => r.path.startsWith('/calendar/v3/'))
        .map((r) => `${r.method} ${decodeURIComponent(r.path.slice('/calendar/v3'.length))}`),
    events,
    calendars: [
      { id: 'owner@example.test', summary: 'owner@example.test', primary: true, accessRole: 'owner' },
      { id: 'team@group.calendar.google.com', summary: 'Equipo', accessRole: 'writer' },
      { id: 'holidays@group.v.calendar.google.com', summary: 'Festivos', accessRole: 'reader' },
    ],
    busy,
    revokeAll() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    consent: 'allow',
    expiresIn: 3599,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function clientOk(params: URLSearchParams, req: IncomingMessage) {
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic)
      [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') as [string, string];
    return id === clientId && secret === clientSecret;
  }

  function issue(res: ServerResponse, refresh: string | null) {
    const access = token('ya29.');
    accessTokens.set(access, Date.now() + fake.expiresIn * 1000);
    json(res, 200, {
      access_token: access,
      expires_in: fake.expiresIn,
      ...(refresh ? { refresh_token: refresh } : {}),
      scope:
        'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
      token_type: 'Bearer',
    });
  }

  async function oauth(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri) {
        res.writeHead(400, { 'content-type': 'text/html' });
        res.end('<h1>Error 401: invalid_client</h1>');
        return;
      }
      const back = new URL(redirectUri);
      if (fake.consent === 'deny') back.searchParams.set('error', 'access_denied');
      else {
        const code = token('4/0A');
        codes.set(code, { redirectUri });
        back.searchParams.set('code', code);
        back.searchParams.set('scope', q.get('scope') ?? '');
      }
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const params = new URLSearchParams(raw);
      if (!clientOk(params, req))
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'The OAuth client was not found.',
        });
      const grant = params.get('grant_type');
      if (grant === 'authorization_code') {
        const code = codes.get(params.get('code') ?? '');
        codes.delete(params.get('code') ?? '');
        if (!code || code.redirectUri !== params.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        const refresh = token('1//0g');
        refreshTokens.add(refresh);
        return issue(res, refresh);
      }
      if (grant === 'refresh_token') {
        if (!refreshTokens.has(params.get('refresh_token') ?? ''))
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        return issue(res, null);
      }
      return json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${grant}`,
      });
    }
    res.writeHead(404);
    res.end();
  }

  function overlapping(calendarId: string, from: number, to: number) {
    const intervals: [number, number][] = [];
    for (const b of busy.get(calendarId) ?? []) intervals.push([Date.parse(b.start), Date.parse(b.end)]);
    for (const e of events.values())
      if (e.calendarId === calendarId && e.status !== 'cancelled' && e.transparency !== 'transparent')
        intervals.push([Date.parse(e.start.dateTime), Date.parse(e.end.dateTime)]);
    const clipped = intervals
      .map(([s, e]) => [Math.max(s, from), Math.min(e, to)] as [number, number])
      .filter(([s, e]) => s < e)
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of clipped) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    return merged.map(([s, e]) => ({ start: new Date(s).toISOString(), end: new Date(e).toISOString() }));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? accessTokens.get(bearer) : undefined;
    if (!bearer || expires === undefined || expires < Date.now())
      return apiError(
        res,
        401,
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'UNAUTHENTICATED',
      );
    if (failures && failures.times > 0) {
      failures.times--;
      const status = failures.status;
      if (failures.times === 0) failures = null;
      return apiError(
        res,
        status,
        status === 403 ? 'forbidden' : 'backendError',
        `fake failure ${status}`,
        'ERROR',
      );
    }
    const path = url.pathname.slice('/calendar/v3'.length);
    if (req.method === 'GET' && path === '/users/me/calendarList')
      return json(res, 200, {
        kind: 'calendar#calendarList',
        etag: '"p1"',
        items: fake.calendars.map((c) => ({ kind: 'calendar#calendarListEntry', ...c })),
      });
    if (req.method === 'POST' && path === '/freeBusy') {
      const q = body as { timeMin: string; timeMax: string; items: { id: string }[] };
      const from = Date.parse(q.timeMin);
      const to = Date.parse(q.timeMax);
      const calendars: Record<string, unknown> = {};
      for (const { id } of q.items ?? []) {
        calendars[id] = fake.calendars.some((c) => c.id === id)
          ? { busy: overlapping(id, from, to) }
          : { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      }
      return json(res, 200, { kind: 'calendar#freeBusy', timeMin: q.timeMin, timeMax: q.timeMax, calendars });
    }
    const eventsPath = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (eventsPath) {
      const calendarId = decodeURIComponent(eventsPath[1]!);
      const eventId = eventsPath[2] ? decodeURIComponent(eventsPath[2]) : undefined;
      if (!fake.calendars.some((c) => c.id === calendarId && c.accessRole !== 'reader'))
        return apiError(res, 404, 'notFound', 'Not Found', 'NOT_FOUND');
      const input = (body ?? {}) as Partial<FakeGoogleEvent>;
      if (req.method === 'POST' && !eventId) {
        const id = input.id ?? token('ev');
        if (!/^[a-v0-9]{5,1024}$/.test(id))
          return apiError(res, 400, 'invalid', 'Invalid resource id value.', 'INVALID_ARGUMENT');
        if (events.has(key(calendarId, id)))
          return apiError(
            res,
            409,
            'duplicate',
            'The requested identifier already exists.',
            'ALREADY_EXISTS',
          );
        const event: FakeGoogleEvent = {
          id,
          calendarId,
          summary: input.summary ?? '',
          description: input.description ?? '',
          start: input.start!,
          end: input.end!,
          transparency: input.transparency ?? 'opaque',
          status: 'confirmed',
        };
        events.set(key(calendarId, id), event);
        return json(res, 200, { kind: 'calendar#event', ...event, calendarId: undefined });
      }
      const existing = eventId ? events.get(key(calendarId, eventId)) : undefined;
      if (!existing) return apiError(res, 404, 'notFound', 'Not Found', 'NOT_FOUND');
      if (req.method === 'PATCH') {
        Object.assign(existing, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
        return json(res, 200, { kind: 'calendar#event', ...existing, calendarId: undefined });
      }
      if (req.method === 'DELETE') {
        if (existing.status === 'cancelled')
          return apiError(res, 410, 'deleted', 'Resource has been deleted', 'GONE');
        existing.status = 'cancelled';
        res.writeHead(204);
        res.end();
        return;
      }
    }
    return apiError(res, 404, 'notFound', 'Not Found', 'NOT_FOUND');
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      let body: unknown = raw;
      if ((req.headers['content-type'] ?? '').includes('json') && raw) body = JSON.parse(raw);
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      });
      if (url.pathname.startsWith('/calendar/v3/')) await api(req, res, url, body);
      else await oauth(req, res, url, raw);
    } catch (error) {
      json(res, 500, { error: { code: 500, message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
