import type {
  GoogleBrokenReason,
  GoogleCalendarChoice,
  GoogleCalendarLink,
  GoogleLinkSummary,
} from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import {
  type GoogleCalendarApi,
  GoogleCalendarError,
  type GoogleCalendarSession,
  type GoogleOAuthClient,
  type GoogleTokens,
} from '../../integrations/google-calendar.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { SecretBox } from '../../lib/secrets.js';
import { mailCompany, mailServerSet } from '../mails/mail-composer.js';
import type { MailsService } from '../mails/mails.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { googleRedirectUrl } from '../settings/settings.service.js';
import { renderBrokenLinkMail } from './broken-link-mail.js';
import {
  type BookingToPush,
  createGoogleCalendarRepository,
  type GoogleLinkRow,
} from './google-calendar.repository.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A connection's `state` is good this long: Google's consent page and the way back. */
export const googleStateMinutes = 15;
/** Bookings pushed: from a day ago to a year ahead. */
export const pushPastDays = 1;
export const pushFutureDays = 366;
/** Busy times read: the next 60 days. */
export const busyFutureDays = 60;

/**
 * The id of a booking's event in the linked calendar, chosen by us so that an insert tried again after
 * a lost answer meets its own event (409) instead of making a second one. Google's ids are base32hex
 * (a–v, 0–9), 5 to 1024 characters.
 */
export const googleEventId = (linkId: number, bookingId: number) => `mostrador${linkId}b${bookingId}`;

/** How the job runtime is asked to work on a link now (after it is made, on demand). */
export interface GoogleCalendarQueue {
  push(linkId: number): void;
  refreshBusy(linkId: number): void;
}

/** Why a link's run stopped: the link broke, or Google could not be reached (tried again). */
export type GoogleRunOutcome = 'done' | 'skipped' | 'broken' | 'retry';

function brokenReasonOf(error: GoogleCalendarError): GoogleBrokenReason | null {
  if (error.reason === 'revoked') return 'revoked';
  if (error.reason === 'forbidden') return 'forbidden';
  if (error.reason === 'notFound') return 'calendar_not_found';
  return null;
}

export function createGoogleCalendarService(deps: {
  db: Db;
  secretBox: SecretBox;
  settings: SettingsService;
  mails: Pick<MailsService, 'queue' | 'dispatch'>;
  publicUrl: string;
  api: GoogleCalendarApi;
  log?: { warn(obj: object, msg: string): void };
}) {
  const repo = createGoogleCalendarRepository(deps.db);
  const base = deps.publicUrl.replace(/\/+$/, '');
  let queue: GoogleCalendarQueue = { push: () => undefined, refreshBusy: () => undefined };

  async function oauthClient(licenseId: number): Promise<GoogleOAuthClient> {
    const settings = await deps.settings.ofLicense(licenseId);
    const secret = await deps.settings.secret(licenseId, 'google.clientSecret');
    if (!settings.google.clientId || !secret)
      throw new AppError('conflict', [{ field: 'google', message: 'not_configured' }]);
    return { clientId: settings.google.clientId, clientSecret: secret, redirectUri: googleRedirectUrl(base) };
  }

  // ---------------------------------------------------------------------------------------------
  // The signed state of a connection: license, calendar, employee, expiry.

  function signState(licenseId: number, calendarId: number, userId: number, now: Date) {
    const expires = Math.floor(now.getTime() / 1000) + googleStateMinutes * 60;
    const payload = `${licenseId}.${calendarId}.${userId}.${expires}`;
    return `${payload}.${deps.secretBox.sign(`google-state:${payload}`)}`;
  }

  function readState(state: string, now: Date) {
    const match = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]{16,})$/.exec(state);
    if (!match) return null;
    const payload = `${match[1]}.${match[2]}.${match[3]}.${match[4]}`;
    if (!deps.secretBox.verify(`google-state:${payload}`, match[5]!)) return null;
    if (Number(match[4]) * 1000 < now.getTime()) return null;
    return { licenseId: Number(match[1]), calendarId: Number(match[2]), userId: Number(match[3]) };
  }

  // ---------------------------------------------------------------------------------------------
  // A link's Google session, its new access tokens kept.

  function sessionOf(link: GoogleLinkRow, client: GoogleOAuthClient) {
    const saves: Promise<unknown>[] = [];
    const tokens: GoogleTokens = {
      refreshToken: deps.secretBox.open(link.refreshToken),
      accessToken: link.accessToken ? deps.secretBox.open(link.accessToken) : null,
      expiresAt: link.accessTokenExpiresAt?.getTime() ?? null,
    };
    const session = deps.api.session(client, tokens, (fresh) => {
      if (fresh.accessToken)
        saves.push(
          repo
            .saveAccessToken(
              link.id,
              deps.secretBox.seal(fresh.accessToken),
              fresh.expiresAt ? new Date(fresh.expiresAt) : null,
            )
            .catch(() => undefined),
        );
    });
    return { session, saved: () => Promise.all(saves) };
  }

  /**
   * Marks the link broken (once) for `reason`, so nothing is pushed and its busy times stop counting,
   * and queues the mail telling staff, in the company's language, in the same transaction.
   */
  async function markBroken(link: GoogleLinkRow, reason: GoogleBrokenReason, now: Date) {
    const mailIds: number[] = [];
    await deps.db.transaction(async (tx) => {
      const r = createGoogleCalendarRepository(tx);
      if (!(await r.markBroken(link.id, reason, now))) return;
      const settings = await deps.settings.ofLicense(link.licenseId, tx);
      const calendar = await r.calendarExists(link.licenseId, link.bookingCalendarId);
      if (!calendar) return;
      const company = { ...mailCompany(settings, base), logoCid: null };
      const language = settings.locale;
      const rendered = renderBrokenLinkMail(calendar, reason, company, language);
      const employee = await r.connectedBy(link);
      const addresses = new Map<string, number | null>();
      if (employee?.email) addresses.set(employee.email.toLowerCase(), employee.id);
      if (settings.email && !addresses.has(settings.email.toLowerCase()))
        addresses.set(settings.email.toLowerCase(), null);
      for (const [email, userId] of addresses) {
        mailIds.push(
          await deps.mails.queue(tx, {
            licenseId: link.licenseId,
            type: 'user',
            kind: 'google_calendar_broken',
            contactId: userId,
            contactEmail: email,
            language,
            ...rendered,
            attachments: [],
            parked: !mailServerSet(settings),
          }),
        );
      }
    });
    deps.mails.dispatch(mailIds);
    deps.log?.warn({ linkId: link.id, reason }, 'Google Calendar link broken');
  }

  /** Reads a Google failure during a run: the link breaks (revoked, refused) or the run is tried again. */
  async function failed(link: GoogleLinkRow, error: unknown, now: Date): Promise<GoogleRunOutcome> {
    if (error instanceof GoogleCalendarError) {
      const reason = brokenReasonOf(error);
      if (reason) {
        await markBroken(link, reason, now);
        return 'broken';
      }
    }
    deps.log?.warn({ err: error, linkId: link.id }, 'Google Calendar: tried again later');
    return 'retry';
  }

  /** A staff action's Google failure: a broken link is marked so, then 409 saying why. */
  async function staffFailure(link: GoogleLinkRow, error: unknown): Promise<never> {
    if (error instanceof GoogleCalendarError) {
      const reason = brokenReasonOf(error);
      if (reason) {
        await markBroken(link, reason, new Date());
        throw new AppError('conflict', [{ field: 'google', message: reason }]);
      }
      throw new AppError('conflict', [{ field: 'google', message: `google_${error.reason}` }]);
    }
    throw error;
  }

  async function view(link: GoogleLinkRow, now = new Date()): Promise<GoogleCalendarLink> {
    return {
      bookingCalendarId: link.bookingCalendarId,
      googleCalendarId: link.googleCalendarId,
      googleCalendarName: link.googleCalendarName,
      state: link.state,
      brokenReason: link.brokenReason ?? null,
      brokenSince: link.brokenSince?.toISOString() ?? null,
      busyRefreshedAt: link.busyRefreshedAt?.toISOString() ?? null,
      pushedAt: link.pushedAt?.toISOString() ?? null,
      busyCount: link.state === 'ok' ? await repo.busyCount(link.id, now) : 0,
      connectedAt: link.updatedAt.toISOString(),
    };
  }

  async function ownLink(auth: AuthContext, calendarId: number) {
    const link = await repo.ofCalendar(auth.licenseId, calendarId);
    if (link) return link;
    if (!(await repo.calendarExists(auth.licenseId, calendarId))) throw notFound();
    throw new AppError('conflict', [{ field: 'google', message: 'not_connected' }]);
  }

  const service = {
    /** The job runtime sets this at start; without it the minute schedules find the work. */
    useQueue(next: GoogleCalendarQueue) {
      queue = next;
    },

    /** The calendar's link, or null; another license's calendar is 404. */
    async get(auth: AuthContext, calendarId: number): Promise<GoogleCalendarLink | null> {
      const link = await repo.ofCalendar(auth.licenseId, calendarId);
      if (link) return view(link);
      if (!(await repo.calendarExists(auth.licenseId, calendarId))) throw notFound();
      return null;
    },

    async list(auth: AuthContext): Promise<GoogleLinkSummary[]> {
      return (await repo.ofLicense(auth.licenseId)).map((l) => ({
        bookingCalendarId: l.bookingCalendarId,
        state: l.state,
        brokenReason: l.brokenReason ?? null,
        googleCalendarName: l.googleCalendarName,
      }));
    },

    /** Google's consent page for linking the calendar, with a signed state that expires. */
    async start(auth: AuthContext, calendarId: number, now = new Date()): Promise<{ consentUrl: string }> {
      if (!(await repo.calendarExists(auth.licenseId, calendarId))) throw notFound();
      const client = await oauthClient(auth.licenseId);
      return {
        consentUrl: deps.api.consentUrl(client, signState(auth.licenseId, calendarId, auth.userId, now)),
      };
    },

    /**
     * Google's redirect back (public: the signed state is the proof): the code exchanged for tokens,
     * the primary calendar chosen unless one was, the first push and busy read asked. Answers where
     * to send the browser: the calendar's page with `?google=connected|denied|failed`.
     */
    async callback(query: { code?: string; state?: string; error?: string }, now = new Date()) {
      const state = query.state ? readState(query.state, now) : null;
      if (!state) throw new AppError('validation', [{ field: 'state', message: 'invalid or expired' }]);
      const back = (result: string) => `${base}/calendars/edit/${state.calendarId}?google=${result}`;
      if (!(await repo.calendarExists(state.licenseId, state.calendarId))) throw notFound();
      if (query.error || !query.code) return back('denied');
      try {
        const client = await oauthClient(state.licenseId);
        const tokens = await deps.api.exchangeCode(client, query.code);
        if (!tokens.refreshToken) return back('failed');
        const session = deps.api.session(client, tokens, () => undefined);
        const calendars = await session.calendars();
        const primary =
          calendars.find((c) => c.primary && ['owner', 'writer'].includes(c.accessRole)) ??
          calendars.find((c) => ['owner', 'writer'].includes(c.accessRole));
        const link = await repo.upsert({
          licenseId: state.licenseId,
          bookingCalendarId: state.calendarId,
          refreshToken: deps.secretBox.seal(tokens.refreshToken),
          accessToken: tokens.accessToken ? deps.secretBox.seal(tokens.accessToken) : null,
          accessTokenExpiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : null,
          connectedBy: state.userId,
          googleCalendarId: primary?.id ?? null,
          googleCalendarName: primary?.summary ?? null,
        });
        queue.push(link.id);
        queue.refreshBusy(link.id);
        return back('connected');
      } catch (error) {
        if (error instanceof GoogleCalendarError || error instanceof AppError) {
          deps.log?.warn({ err: error }, 'Google Calendar connection failed');
          return back('failed');
        }
        throw error;
      }
    },

    /** The linked account's calendars that may take events (owner or writer); none while not linked or broken. */
    async calendars(auth: AuthContext, calendarId: number): Promise<GoogleCalendarChoice[]> {
      const link = await repo.ofCalendar(auth.licenseId, calendarId);
      if (!link && !(await repo.calendarExists(auth.licenseId, calendarId))) throw notFound();
      // Not linked, or broken: no account to ask.
      if (link?.state !== 'ok') return [];
      const { session, saved } = sessionOf(link, await oauthClient(auth.licenseId));
      try {
        const found = await session.calendars();
        return found
          .filter((c) => c.accessRole === 'owner' || c.accessRole === 'writer')
          .map((c) => ({ id: c.id, summary: c.summary, primary: c.primary }));
      } catch (error) {
        return staffFailure(link, error);
      } finally {
        await saved();
      }
    },

    /** Uses another Google calendar of the account: pushed anew, its busy times read anew. */
    async choose(
      auth: AuthContext,
      calendarId: number,
      googleCalendarId: string,
    ): Promise<GoogleCalendarLink> {
      const choices = await service.calendars(auth, calendarId);
      const chosen = choices.find((c) => c.id === googleCalendarId);
      if (!chosen)
        throw new AppError('validation', [
          { field: 'googleCalendarId', message: 'not a writable calendar of the account' },
        ]);
      const link = await ownLink(auth, calendarId);
      if (link.googleCalendarId !== chosen.id) await repo.choose(link.id, chosen.id, chosen.summary);
      queue.push(link.id);
      queue.refreshBusy(link.id);
      return view((await repo.byId(link.id))!);
    },

    /** Unlinks the calendar: its tokens, what was pushed and its busy times go (the events stay at Google). */
    async disconnect(auth: AuthContext, calendarId: number) {
      if (await repo.remove(auth.licenseId, calendarId)) return;
      if (!(await repo.calendarExists(auth.licenseId, calendarId))) throw notFound();
    },

    /** Reads the busy times now (staff's button); answers the link as it is after. */
    async refreshNow(auth: AuthContext, calendarId: number, now = new Date()): Promise<GoogleCalendarLink> {
      const link = await ownLink(auth, calendarId);
      if (link.state !== 'ok') throw new AppError('conflict', [{ field: 'google', message: 'broken' }]);
      const outcome = await service.refreshBusy(link.id, now);
      if (outcome === 'retry')
        throw new AppError('conflict', [{ field: 'google', message: 'google_unreachable' }]);
      queue.push(link.id);
      return view((await repo.byId(link.id))!, now);
    },

    // -------------------------------------------------------------------------------------------
    // The jobs' work, per link

    /** The links that push and read now. */
    async workingLinks() {
      return repo.working();
    },

    /**
     * Pushes the link's bookings from `pushPastDays` before `now` to `pushFutureDays` after it: an
     * event inserted for a new booking, patched for a changed one, deleted for one cancelled, deleted
     * or moved to another calendar, each written to the mapping table once Google took it, so a run
     * tried again (pg-boss) or a second process repeats nothing. A revoked link breaks; Google
     * unreachable leaves the rest for the next try.
     */
    async push(linkId: number, now = new Date()): Promise<GoogleRunOutcome> {
      const link = await repo.byId(linkId);
      if (link?.state !== 'ok' || !link.googleCalendarId) return 'skipped';
      const calendarId = link.googleCalendarId;
      let client: GoogleOAuthClient;
      try {
        client = await oauthClient(link.licenseId);
      } catch {
        return 'skipped';
      }
      const { timeZone } = await deps.settings.localeOf(link.licenseId);
      const { session, saved } = sessionOf(link, client);
      try {
        const from = new Date(now.getTime() - pushPastDays * DAY);
        const to = new Date(now.getTime() + pushFutureDays * DAY);
        for (const booking of await repo.bookingsToPush(link, from, to)) {
          const eventId = booking.googleEventId ?? googleEventId(link.id, booking.bookingId);
          await pushOne(session, calendarId, eventId, booking, timeZone, booking.googleEventId !== null);
          await repo.pushed(link.id, booking, eventId);
        }
        for (const gone of await repo.eventsToDelete(link)) {
          try {
            await session.deleteEvent(calendarId, gone.googleEventId);
          } catch (error) {
            // Deleted already (at Google, or by a try whose answer was lost).
            if (!(error instanceof GoogleCalendarError && error.reason === 'notFound')) throw error;
          }
          await repo.unpushed(link.id, gone.bookingId);
        }
        await repo.markPushed(link.id, now);
        return 'done';
      } catch (error) {
        // A missing calendar at an insert is the calendar gone; a booking's own 404 is handled in pushOne.
        return failed(link, error, now);
      } finally {
        await saved();
      }
    },

    /**
     * Reads the linked calendar's busy times for the next `busyFutureDays` (free/busy) and replaces the
     * stored ones in one transaction. Our own events are transparent, so they are never among them.
     */
    async refreshBusy(linkId: number, now = new Date()): Promise<GoogleRunOutcome> {
      const link = await repo.byId(linkId);
      if (link?.state !== 'ok' || !link.googleCalendarId) return 'skipped';
      let client: GoogleOAuthClient;
      try {
        client = await oauthClient(link.licenseId);
      } catch {
        return 'skipped';
      }
      const { session, saved } = sessionOf(link, client);
      try {
        const busy = await session.busy(
          link.googleCalendarId,
          now,
          new Date(now.getTime() + busyFutureDays * DAY),
        );
        await deps.db.transaction((tx) => createGoogleCalendarRepository(tx).replaceBusy(link, busy, now));
        return 'done';
      } catch (error) {
        return failed(link, error, now);
      } finally {
        await saved();
      }
    },
  };

  /** Inserts or patches one booking's event: a patch of an event gone is an insert, an insert of an id taken a patch. */
  async function pushOne(
    session: GoogleCalendarSession,
    calendarId: string,
    eventId: string,
    booking: BookingToPush,
    timeZone: string,
    known: boolean,
  ) {
    const event = eventOf(booking, timeZone);
    if (known) {
      try {
        await session.patchEvent(calendarId, eventId, event);
        return;
      } catch (error) {
        if (!(error instanceof GoogleCalendarError && error.reason === 'notFound')) throw error;
      }
    }
    try {
      await session.insertEvent(calendarId, eventId, event);
    } catch (error) {
      if (!(error instanceof GoogleCalendarError && error.reason === 'conflict')) throw error;
      await session.patchEvent(calendarId, eventId, event);
    }
  }

  return service;
}

/** What a booking's event says: product and customer, the customer's contact, units and notes. */
export function eventOf(booking: BookingToPush, timeZone: string) {
  const units = booking.quantity > 1 ? ` ×${booking.quantity}` : '';
  const description = [
    booking.customerName,
    booking.customerPhone,
    booking.customerEmail,
    booking.notes,
    `Mostrador #${booking.bookingId}`,
  ]
    .filter((line): line is string => Boolean(line))
    .join('\n');
  return {
    summary: `${booking.productName}${units} · ${booking.customerName}`,
    description,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone,
  };
}

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;
