/** The calendar's views, without zod: the web's calendar screen does not download the schemas (ui-config.ts re-exports them). */
export const calendarViews = ['timeGridDay', 'timeGridWeek', 'dayGridMonth'] as const;
export type CalendarView = (typeof calendarViews)[number];
