import { z } from 'zod';

/**
 * A booking calendar's private iCal feed: the address calendar apps subscribe to
 * (`PUBLIC_URL/feeds/calendars/<token>.ics`, the token its only proof) and when it was made. A new one
 * (`POST`) replaces it and the old address stops at once; `DELETE` revokes it.
 */
export const calendarFeedSchema = z.object({
  url: z.string().describe('The feed address, secret: whoever has it reads the calendar’s bookings'),
  createdAt: z.string().describe('When this address was made'),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's window: the bookings starting from this many days ago… */
export const calendarFeedPastDays = 30;
/** …to this many days ahead. */
export const calendarFeedFutureDays = 90;
