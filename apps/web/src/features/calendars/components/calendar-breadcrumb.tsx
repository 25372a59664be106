import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../session/permissions';
import { anomaliesPath, calendarsPath, editCalendarPath } from '../navigation';

interface CalendarBreadcrumbProps {
  calendarId: number;
  /** The calendar's name; unknown to an employee who may not find calendars. */
  calendarName?: string;
  /** On a page under the anomaly list (the new exception form), the list is a step back. */
  anomaly?: boolean;
}

/** Calendars › the calendar › Exceptions (› New): the way back from a calendar's exception screens. */
export function CalendarBreadcrumb({ calendarId, calendarName, anomaly }: CalendarBreadcrumbProps) {
  const { t } = useTranslation();
  const can = usePermissions();
  const items = [];
  if (can('bookingCalendars_find'))
    items.push({ key: 'calendars', title: <Link to={calendarsPath}>{t('calendars.title')}</Link> });
  if (calendarName)
    items.push({
      key: 'calendar',
      title: can('bookingCalendars_edit') ? (
        <Link to={editCalendarPath(calendarId)}>{calendarName}</Link>
      ) : (
        calendarName
      ),
    });
  items.push({
    key: 'anomalies',
    title: anomaly ? (
      <Link to={anomaliesPath(calendarId)}>{t('anomalies.title')}</Link>
    ) : (
      t('anomalies.title')
    ),
  });
  if (anomaly) items.push({ key: 'new', title: t('anomalies.createTitle') });
  return <Breadcrumb items={items} style={{ marginBottom: 8 }} />;
}
