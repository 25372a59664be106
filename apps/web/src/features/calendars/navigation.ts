import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const calendarsPath = '/calendars';
export const createCalendarPath = '/calendars/create';
export const editCalendarPath = (id: number) => `/calendars/edit/${id}`;
export const anomaliesPath = (calendarId: number) => `/calendars/edit/${calendarId}/anomalies`;
export const createAnomalyPath = (calendarId: number) => `/calendars/edit/${calendarId}/anomalies/create`;
/** The bookings screen showing one calendar (the bookings feature's). */
export const calendarBookingsPath = (calendarId: number) => `/calendars/view/${calendarId}`;

/** Back to the calendar list the user came from, or its first page. */
export const useBackToList = () => useBackTo(calendarsPath);

/** Back to the calendar's anomaly list the user came from, or its first page. */
export const useBackToAnomalies = (calendarId: number) => useBackTo(anomaliesPath(calendarId));
