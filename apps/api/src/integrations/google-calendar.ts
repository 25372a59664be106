import { calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';

/**
 * Google Calendar (v3) through the googleapis client (`@googleapis/calendar`, `google-auth-library`),
 * pure of the database: the consent URL of a company's OAuth client, the code's exchange for tokens, and
 * per linked calendar the few calls Mostrador makes (calendarList, events insert/patch/delete, freeBusy).
 * Every failure reaches the caller as a `GoogleCalendarError` saying why: the link no longer works
 * (`revoked`: a 401 after a refresh, or `invalid_grant` from the token endpoint), Google refuses for
 * good (`forbidden`: a 403 other than a rate limit, `notFound`: 404/410), or try again later
 * (`unreachable`: no connection, 429, 5xx).
 */

/** Where the client sends its requests: Google's own, or (tests) a local stand-in `http://127.0.0.1:PORT`. */
export interface GoogleTarget {
  /** Replaces https://accounts.google.com (consent page `/o/oauth2/v2/auth`) and https://oauth2.googleapis.com (`/token`, `/revoke`). */
  oauthUrl?: string;
  /** Replaces https://www.googleapis.com/ (Calendar v3 under `/calendar/v3`). */
  apiUrl?: string;
}

/** The scopes a link asks: its events (push) and read access to the calendar list and free/busy. */
export const googleScopes = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
];

export type GoogleFailure = 'revoked' | 'forbidden' | 'notFound' | 'conflict' | 'refused' | 'unreachable';

export class GoogleCalendarError extends Error {
  override readonly name = 'GoogleCalendarError';
  constructor(
    readonly reason: GoogleFailure,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

interface ResponseLike {
  status?: number;
  data?: unknown;
}

/** Reads what gaxios threw (its `response` carries Google's status and body). */
export function toGoogleError(error: unknown): GoogleCalendarError {
  if (error instanceof GoogleCalendarError) return error;
  const response = (error as { response?: ResponseLike } | null)?.response;
  const status = response?.status;
  const data = (response?.data ?? {}) as {
    error?: string | { message?: string; errors?: { reason?: string }[] };
    error_description?: string;
  };
  const message =
    typeof data.error === 'string'
      ? `${data.error}${data.error_description ? `: ${data.error_description}` : ''}`
      : (data.error?.message ?? (error instanceof Error ? error.message : String(error)));
  if (status === undefined) return new GoogleCalendarError('unreachable', message);
  const reasons = typeof data.error === 'object' ? (data.error.errors ?? []).map((e) => e.reason) : [];
  if (data.error === 'invalid_grant' || data.error === 'unauthorized_client' || status === 401)
    return new GoogleCalendarError('revoked', message, status);
  if (status === 429 || status >= 500 || reasons.some((r) => r && /rateLimit/i.test(r)))
    return new GoogleCalendarError('unreachable', message, status);
  if (status === 403) return new GoogleCalendarError('forbidden', message, status);
  if (status === 404 || status === 410) return new GoogleCalendarError('notFound', message, status);
  if (status === 409) return new GoogleCalendarError('conflict', message, status);
  return new GoogleCalendarError('refused', message, status);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toGoogleError(error);
  }
}

/** The company's OAuth client (its settings) and where Google sends staff back. */
export interface GoogleOAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface GoogleTokens {
  accessToken: string | null;
  refreshToken: string | null;
  /** When the access token expires (epoch ms), if Google said. */
  expiresAt: number | null;
}

/** A linked calendar's event as Mostrador writes it. */
export interface GoogleEventInput {
  summary: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  /** The company's IANA zone, so Google shows the event in it (the instants are exact either way). */
  timeZone: string;
}

export interface GoogleCalendarEntry {
  id: string;
  summary: string;
  primary: boolean;
  /** owner, writer, reader, freeBusyReader: only owner and writer calendars take events. */
  accessRole: string;
}

/** What one link may do with Google: its calls with the link's tokens (refreshed as needed). */
export interface GoogleCalendarSession {
  calendars(): Promise<GoogleCalendarEntry[]>;
  insertEvent(calendarId: string, eventId: string, event: GoogleEventInput): Promise<string>;
  patchEvent(calendarId: string, eventId: string, event: GoogleEventInput): Promise<void>;
  deleteEvent(calendarId: string, eventId: string): Promise<void>;
  /** The busy intervals of `calendarId` within [from, to), as Google's free/busy answers them. */
  busy(calendarId: string, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]>;
}

export interface GoogleCalendarApi {
  consentUrl(client: GoogleOAuthClient, state: string): string;
  exchangeCode(client: GoogleOAuthClient, code: string): Promise<GoogleTokens>;
  /** `onTokens` hears each new access token the client fetched, to keep it. */
  session(
    client: GoogleOAuthClient,
    tokens: GoogleTokens,
    onTokens: (tokens: GoogleTokens) => void,
  ): GoogleCalendarSession;
}

function toTokens(t: {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
}): GoogleTokens {
  return {
    accessToken: t.access_token ?? null,
    refreshToken: t.refresh_token ?? null,
    expiresAt: t.expiry_date ?? null,
  };
}

/** Calendar v3's event body: exact instants (UTC) in the company's zone; transparent, see `eventBody`. */
function eventBody(event: GoogleEventInput): calendar_v3.Schema$Event {
  return {
    summary: event.summary,
    description: event.description,
    start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
    // Transparent: the event shows in the calendar but Google counts it free, so free/busy answers
    // only the staff's other commitments and a booking never blocks itself (it counts in Mostrador).
    transparency: 'transparent',
    status: 'confirmed',
  };
}

export function createGoogleCalendarApi(target: GoogleTarget = {}): GoogleCalendarApi {
  const oauthBase = target.oauthUrl?.replace(/\/+$/, '');
  const endpoints = oauthBase
    ? {
        oauth2AuthBaseUrl: `${oauthBase}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${oauthBase}/token`,
        oauth2RevokeUrl: `${oauthBase}/revoke`,
      }
    : undefined;
  const oauth = (client: GoogleOAuthClient) =>
    new OAuth2Client({
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: client.redirectUri,
      ...(endpoints ? { endpoints } : {}),
      // A 401 with an access token not yet expired by our clock: refresh once and try again.
      forceRefreshOnFailure: true,
    });

  return {
    consentUrl(client, state) {
      return oauth(client).generateAuthUrl({
        access_type: 'offline',
        // Always the consent screen, so Google hands a refresh token again on a reconnection.
        prompt: 'consent',
        include_granted_scopes: true,
        scope: googleScopes,
        state,
      });
    },

    async exchangeCode(client, code) {
      const { tokens } = await call(() => oauth(client).getToken(code));
      return toTokens(tokens);
    },

    session(client, tokens, onTokens) {
      const auth = oauth(client);
      auth.setCredentials({
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        expiry_date: tokens.expiresAt,
      });
      auth.on('tokens', (fresh) => onTokens(toTokens({ ...fresh, refresh_token: fresh.refresh_token })));
      const api = new calendar_v3.Calendar({
        auth,
        timeout: 20_000,
        ...(target.apiUrl ? { rootUrl: target.apiUrl } : {}),
      });
      return {
        async calendars() {
          const found: GoogleCalendarEntry[] = [];
          let pageToken: string | undefined;
          do {
            const res = await call(() => api.calendarList.list({ maxResults: 250, pageToken }));
            for (const item of res.data.items ?? []) {
              if (!item.id) continue;
              found.push({
                id: item.id,
                summary: item.summaryOverride ?? item.summary ?? item.id,
                primary: item.primary === true,
                accessRole: item.accessRole ?? 'reader',
              });
            }
            pageToken = res.data.nextPageToken ?? undefined;
          } while (pageToken);
          return found;
        },
        async insertEvent(calendarId, eventId, event) {
          const res = await call(() =>
            api.events.insert({
              calendarId,
              sendUpdates: 'none',
              requestBody: { id: eventId, ...eventBody(event) },
            }),
          );
          return res.data.id ?? eventId;
        },
        async patchEvent(calendarId, eventId, event) {
          await call(() =>
            api.events.patch({ calendarId, eventId, sendUpdates: 'none', requestBody: eventBody(event) }),
          );
        },
        async deleteEvent(calendarId, eventId) {
          await call(() => api.events.delete({ calendarId, eventId, sendUpdates: 'none' }));
        },
        async busy(calendarId, from, to) {
          const res = await call(() =>
            api.freebusy.query({
              requestBody: {
                timeMin: from.toISOString(),
                timeMax: to.toISOString(),
                timeZone: 'UTC',
                items: [{ id: calendarId }],
              },
            }),
          );
          const entry = res.data.calendars?.[calendarId];
          const error = entry?.errors?.[0];
          if (error) {
            const reason = error.reason === 'notFound' ? 'notFound' : 'forbidden';
            throw new GoogleCalendarError(reason, `free/busy: ${error.reason ?? 'error'}`);
          }
          return (entry?.busy ?? [])
            .filter((b) => b.start && b.end)
            .map((b) => ({ startsAt: new Date(b.start!), endsAt: new Date(b.end!) }));
        },
      };
    },
  };
}
