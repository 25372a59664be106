import { createHash } from 'node:crypto';
import { type CalendarFeed, calendarFeedFutureDays, calendarFeedPastDays } from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { SecretBox } from '../../lib/secrets.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { createCalendarFeedsRepository } from './calendar-feeds.repository.js';
import { feedIcs } from './feed-ics.js';

const dayMs = 86_400_000;

/** A fetched feed: the iCalendar text and its entity tag (a digest of the text). */
export interface FeedDocument {
  body: string;
  etag: string;
}

/** The token of a feed address's last segment, `<token>.ics`; undefined when it cannot be one. */
export function feedTokenOf(segment: string): string | undefined {
  const m = /^([A-Za-z0-9_-]{43})\.ics$/.exec(segment);
  return m?.[1];
}

export function createCalendarFeedsService(deps: { db: Db; secretBox: SecretBox; publicUrl: string }) {
  const repo = createCalendarFeedsRepository(deps.db);
  const base = deps.publicUrl.replace(/\/+$/, '');
  const urlOf = (token: string) => `${base}/feeds/calendars/${token}.ics`;

  return {
    /** The calendar's feed address, or null when it has none; another license's calendar is 404. */
    async get(auth: AuthContext, calendarId: number): Promise<CalendarFeed | null> {
      const found = await repo.find(auth.licenseId, calendarId);
      if (!found.calendar) throw notFound();
      if (!found.feed) return null;
      return {
        url: urlOf(deps.secretBox.open(found.feed.tokenSealed)),
        createdAt: found.feed.createdAt.toISOString(),
      };
    },

    /** A new address for the calendar's feed: made, or replacing the old one, which stops at once. */
    async create(auth: AuthContext, calendarId: number): Promise<CalendarFeed> {
      const token = newToken();
      const row = await repo.put(auth.licenseId, calendarId, {
        tokenHash: hashToken(token),
        tokenSealed: deps.secretBox.seal(token),
        createdBy: auth.userId,
      });
      if (!row) throw notFound();
      return { url: urlOf(token), createdAt: row.createdAt.toISOString() };
    },

    /** Revokes the calendar's feed (nothing to revoke is fine); another license's calendar is 404. */
    async revoke(auth: AuthContext, calendarId: number): Promise<void> {
      if (await repo.remove(auth.licenseId, calendarId)) return;
      if (!(await repo.find(auth.licenseId, calendarId)).calendar) throw notFound();
    },

    /**
     * The feed of `token` (no login: the token is the proof): the calendar's bookings starting from
     * `calendarFeedPastDays` before `now` to `calendarFeedFutureDays` after it, cancelled ones left out
     * (a feed is a whole snapshot: calendar apps drop what it no longer holds). Undefined for an unknown
     * or revoked token, or a switched-off company.
     */
    async feed(token: string, now = new Date()): Promise<FeedDocument | undefined> {
      const from = new Date(now.getTime() - calendarFeedPastDays * dayMs);
      const to = new Date(now.getTime() + calendarFeedFutureDays * dayMs);
      const read = await repo.read(hashToken(token), from, to);
      if (!read) return undefined;
      const body = feedIcs(
        { licenseId: read.licenseId, name: read.calendarName, timeZone: read.timeZone },
        read.bookings,
        { from, to },
        deps.publicUrl,
      );
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      return { body, etag };
    },
  };
}
export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;
