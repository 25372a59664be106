import { CalendarOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePermissions } from '../../session/permissions';

export const bookingsListPath = '/bookings';
export const bookingsCalendarPath = (calendarId?: number | null) =>
  calendarId ? `/calendars/view/${calendarId}` : '/calendars/view';
/** The URL parameter naming the customer a new booking in the calendar is for. */
export const bookingCustomerParam = 'customer';
/** The calendar with the customer chosen for the next booking made there (the customer's "New booking"). */
export const newBookingForCustomerPath = (customerId: number) =>
  `${bookingsCalendarPath()}?${bookingCustomerParam}=${customerId}`;

/** The switch between the calendar and the list. */
export function BookingsModeSwitch({ mode }: { mode: 'calendar' | 'list' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented<'calendar' | 'list'>
      value={mode}
      onChange={(value) => navigate(value === 'list' ? bookingsListPath : bookingsCalendarPath())}
      options={[
        { value: 'calendar', label: t('bookings.calendarView'), icon: <CalendarOutlined aria-hidden /> },
        { value: 'list', label: t('bookings.listView'), icon: <UnorderedListOutlined aria-hidden /> },
      ]}
      data-testid="bookings-mode"
    />
  );
}

/** The bookings' title, the switch between the calendar and the list, and "New booking". */
export function BookingsHeader({
  mode,
  onCreate,
  subtitle,
}: {
  mode: 'calendar' | 'list';
  onCreate: () => void;
  subtitle?: string;
}) {
  const { t } = useTranslation();
  const canCreate = usePermissions()('bookings_create');
  return (
    <PageHeader
      title={t('bookings.title')}
      subtitle={subtitle}
      actions={
        <>
          <BookingsModeSwitch mode={mode} />
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={onCreate}
              data-testid="create-booking"
            >
              {t('bookings.create')}
            </Button>
          )}
        </>
      }
    />
  );
}
