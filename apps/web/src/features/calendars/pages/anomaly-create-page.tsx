import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, useRecordId } from '../../../components/records/record-page';
import { usePermissions } from '../../session/permissions';
import { useCalendar } from '../api';
import { AnomalyForm } from '../components/anomaly-form';
import { CalendarBreadcrumb } from '../components/calendar-breadcrumb';
import { calendarsPath, useBackToAnomalies } from '../navigation';
import { calendarTexts } from '../record-texts';

function NewAnomaly({ calendarId, calendarName }: { calendarId: number; calendarName?: string }) {
  const { t } = useTranslation();
  const back = useBackToAnomalies(calendarId);
  return (
    <>
      <CalendarBreadcrumb calendarId={calendarId} calendarName={calendarName} anomaly />
      <PageHeader title={t('anomalies.createTitle')} subtitle={calendarName} />
      <AnomalyForm calendarId={calendarId} onDone={back} />
    </>
  );
}

/** A new exception of the calendar in the address; back to its exceptions once saved. */
export function AnomalyCreatePage() {
  const id = useRecordId();
  const canFindCalendar = usePermissions()('bookingCalendars_find');
  const calendar = useCalendar(id, canFindCalendar);
  if (canFindCalendar || id === undefined) {
    return (
      <RecordPage
        id={id}
        query={calendar}
        texts={calendarTexts}
        listPath={calendarsPath}
        testId="calendar"
        skeleton={[3, 3]}
      >
        {(found) => <NewAnomaly key={found.id} calendarId={found.id} calendarName={found.name} />}
      </RecordPage>
    );
  }
  return <NewAnomaly calendarId={id} />;
}
