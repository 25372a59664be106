import { FieldTimeOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { BookingCalendar } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCalendar } from '../api';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { CalendarForm } from '../components/calendar-form';
import { DeleteCalendarButton } from '../components/delete-calendar-button';
import { GoogleCalendarCard } from '../components/google-calendar-card';
import { anomaliesPath, calendarBookingsPath, calendarsPath, useBackToList } from '../navigation';
import { calendarTexts } from '../record-texts';

function EditCalendar({ calendar }: { calendar: BookingCalendar }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const back = useBackToList();
  const canFindAnomalies = can('bookingCalendarsScheduleAnomaly_find');
  const canFindBookings = can('bookings_find');
  return (
    <>
      <PageHeader
        title={calendar.name}
        subtitle={t('calendars.createdOn', { date: formatDateTime(calendar.createdAt, timeZone) })}
        actions={
          (canFindAnomalies || canFindBookings) && (
            <>
              {canFindAnomalies && (
                <ButtonLink
                  icon={<FieldTimeOutlined aria-hidden />}
                  to={anomaliesPath(calendar.id)}
                  data-testid="calendar-anomalies-link"
                >
                  {t('calendars.anomalies')}
                </ButtonLink>
              )}
              {canFindBookings && (
                <ButtonLink icon={<ScheduleOutlined aria-hidden />} to={calendarBookingsPath(calendar.id)}>
                  {t('calendars.bookings')}
                </ButtonLink>
              )}
            </>
          )
        }
      />
      <CalendarForm
        calendar={calendar}
        onDone={back}
        footerStart={
          can('bookingCalendars_delete')
            ? (leave) => <DeleteCalendarButton id={calendar.id} name={calendar.name} onDeleted={leave} />
            : undefined
        }
      />
      <CalendarFeedCard calendarId={calendar.id} />
      <GoogleCalendarCard calendarId={calendar.id} />
    </>
  );
}

export function CalendarEditPage() {
  const id = useRecordId();
  const query = useCalendar(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={calendarTexts}
      listPath={calendarsPath}
      testId="calendar"
      skeleton={[2, 10, 3, 3]}
    >
      {/* A new key per calendar: moving from one to another starts a fresh form. */}
      {(calendar) => <EditCalendar key={calendar.id} calendar={calendar} />}
    </RecordPage>
  );
}
