import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CalendarForm } from '../components/calendar-form';
import { useBackToList } from '../navigation';

export function CalendarCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  return (
    <>
      <PageHeader title={t('calendars.createTitle')} />
      <CalendarForm onDone={back} />
    </>
  );
}
