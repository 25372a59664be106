import type { CalendarOptions } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { timeZonePlugin } from '../time-zone-plugin';

const plugins = [timeGridPlugin, dayGridPlugin, interactionPlugin, timeZonePlugin];

/**
 * FullCalendar with the views and the company's time zone the bookings calendar uses: a chunk of its own,
 * loaded by the calendar screen only where it shows the grid (wider than a phone; a phone shows the screen's
 * own agenda and never downloads FullCalendar's ~75 KB gz).
 */
export default function BookingTimeGrid(options: Omit<CalendarOptions, 'plugins'>) {
  return <FullCalendar plugins={plugins} {...options} />;
}
