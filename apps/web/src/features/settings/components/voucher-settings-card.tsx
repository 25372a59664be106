import { useTranslation } from 'react-i18next';
import { useCompanySettings } from '../../session/api';
import { CountSettingsCard } from './count-settings-card';

/**
 * Gift vouchers and cancellations (spec: gift voucher settings): how many days a new voucher lasts and how
 * many bookings it pays, and how many hours before its start a booking paid with a voucher may still be
 * cancelled and give the use back.
 */
export function VoucherSettingsCard() {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  return (
    <CountSettingsCard
      title={t('settings.sections.vouchers')}
      formName="voucherSettings"
      testId="voucher-settings"
      initialValues={{ giftVouchers: settings.giftVouchers, bookings: settings.bookings }}
      fields={[
        {
          name: ['giftVouchers', 'daysQuantityForAGiftVoucherExpiration'],
          label: t('settings.fields.voucherDays'),
          help: t('settings.voucherDaysHelp'),
          min: 1,
          max: 3650,
          testId: 'voucher-days',
        },
        {
          name: ['giftVouchers', 'numberOfBookings'],
          label: t('settings.fields.voucherBookings'),
          help: t('settings.voucherBookingsHelp'),
          min: 1,
          max: 1000,
          testId: 'voucher-bookings',
        },
        {
          name: ['bookings', 'freeCancellationHours'],
          label: t('settings.fields.freeCancellationHours'),
          help: t('settings.freeCancellationHoursHelp'),
          min: 0,
          max: 8760,
          testId: 'free-cancellation-hours',
        },
      ]}
    />
  );
}
