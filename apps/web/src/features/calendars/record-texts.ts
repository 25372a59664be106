import type { RecordTexts } from '../../components/records/record-page';

/** The calendar's page states: loading, not found (or another company's), failed. */
export const calendarTexts: RecordTexts = {
  title: 'calendars.editTitle',
  notFoundTitle: 'calendars.notFoundTitle',
  notFound: 'calendars.notFound',
  loadFailed: 'calendars.loadFailed',
  backToList: 'calendars.backToList',
};
