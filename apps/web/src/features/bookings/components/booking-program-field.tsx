import { SyncOutlined } from '@ant-design/icons';
import type { UsableProgram } from '@mostrador/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * "Free with a subscription": the customer's active program subscriptions whose programme includes the
 * product (one ending at period end says until when); choosing one books it free (price 0, no order).
 * Shown only when the customer holds such a subscription.
 */
export function BookingProgramField({
  programs,
  timeZone,
  disabledBecause,
}: {
  programs: readonly UsableProgram[];
  timeZone: string;
  /** Why no subscription may make it free now (a voucher or a pack pays it, more than one unit). */
  disabledBecause?: string | undefined;
}) {
  const { t } = useTranslation();
  if (!programs.length) return null;
  const label = (program: UsableProgram) =>
    program.cancelAt
      ? t('bookings.program.until', {
          name: program.productName,
          date: formatDate(program.cancelAt, timeZone),
        })
      : program.productName;
  return (
    <Form.Item
      name="subscriptionId"
      label={t('bookings.program.field')}
      extra={disabledBecause ?? t('bookings.program.help')}
    >
      <Select
        allowClear
        disabled={!!disabledBecause}
        placeholder={t('bookings.program.none')}
        prefix={<SyncOutlined aria-hidden />}
        options={programs.map((program) => ({ value: program.id, label: label(program) }))}
        data-testid="booking-program"
      />
    </Form.Item>
  );
}
