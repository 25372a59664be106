import { z } from 'zod';

/**
 * Google Calendar links (issue 21): a booking calendar linked to one Google calendar through the
 * company's OAuth client. Bookings are pushed there as events; the Google calendar's busy times block
 * the booking calendar. A link whose tokens Google no longer takes is `broken` and blocks nothing.
 */
export const googleLinkStates = ['ok', 'broken'] as const;
export type GoogleLinkState = (typeof googleLinkStates)[number];

/** Why a link broke: access revoked or expired, the Google calendar refused or gone. */
export const googleBrokenReasons = ['revoked', 'forbidden', 'calendar_not_found'] as const;
export type GoogleBrokenReason = (typeof googleBrokenReasons)[number];

export const googleCalendarLinkSchema = z.object({
  bookingCalendarId: z.number().int(),
  /** The Google calendar events go to and busy times come from; null until one is chosen. */
  googleCalendarId: z.string().nullable(),
  googleCalendarName: z.string().nullable(),
  state: z.enum(googleLinkStates),
  brokenReason: z.enum(googleBrokenReasons).nullable(),
  brokenSince: z.string().nullable(),
  /** When the busy times were last read from Google. */
  busyRefreshedAt: z.string().nullable(),
  /** When the bookings were last pushed (a full pass). */
  pushedAt: z.string().nullable(),
  /** Busy intervals of the next 60 days that block the calendar now. */
  busyCount: z.number().int(),
  connectedAt: z.string(),
});
export type GoogleCalendarLink = z.infer<typeof googleCalendarLinkSchema>;

/** `GET /admin/google/links`: every link of the company, for the calendars list. */
export const googleLinkSummarySchema = googleCalendarLinkSchema.pick({
  bookingCalendarId: true,
  state: true,
  brokenReason: true,
  googleCalendarName: true,
});
export type GoogleLinkSummary = z.infer<typeof googleLinkSummarySchema>;

/** A calendar of the linked Google account that may take events (owner or writer). */
export const googleCalendarChoiceSchema = z.object({
  id: z.string(),
  summary: z.string(),
  primary: z.boolean(),
});
export type GoogleCalendarChoice = z.infer<typeof googleCalendarChoiceSchema>;

/** `POST …/google/connection`: Google's consent page, to open in the browser. */
export const googleConsentSchema = z.object({ consentUrl: z.string() });

/** `PUT …/google`: the Google calendar to use. */
export const googleCalendarChoiceBody = z.object({ googleCalendarId: z.string().trim().min(1).max(1024) });
export type GoogleCalendarChoiceBody = z.infer<typeof googleCalendarChoiceBody>;
