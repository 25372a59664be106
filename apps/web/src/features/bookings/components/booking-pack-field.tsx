import { AppstoreOutlined } from '@ant-design/icons';
import type { UsablePack } from '@mostrador/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * "Pay with a pack session": the customer's packs that include the product, with their sessions left and
 * expiry; choosing one pays the new booking with a session (price 0, no order). Shown only when the
 * customer holds such a pack.
 */
export function BookingPackField({
  packs,
  timeZone,
  disabledBecause,
}: {
  packs: readonly UsablePack[];
  timeZone: string;
  /** Why no pack may pay it now (a voucher pays it, more than one unit): shown instead of the help. */
  disabledBecause?: string | undefined;
}) {
  const { t } = useTranslation();
  if (!packs.length) return null;
  const label = (pack: UsablePack) => {
    const sessions = t('bookings.pack.sessionsLeft', {
      name: pack.productName,
      remaining: pack.remaining,
      initial: pack.initial,
      count: pack.remaining,
    });
    return pack.expiresAt
      ? `${sessions} · ${t('bookings.pack.expires', { date: formatDate(pack.expiresAt, timeZone) })}`
      : sessions;
  };
  return (
    <Form.Item
      name="balanceId"
      label={t('bookings.pack.field')}
      extra={disabledBecause ?? t('bookings.pack.help')}
    >
      <Select
        allowClear
        disabled={!!disabledBecause}
        placeholder={t('bookings.pack.none')}
        prefix={<AppstoreOutlined aria-hidden />}
        options={packs.map((pack) => ({ value: pack.id, label: label(pack) }))}
        data-testid="booking-pack"
      />
    </Form.Item>
  );
}
