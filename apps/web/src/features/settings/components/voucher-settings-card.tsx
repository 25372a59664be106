import { App, Button, Card, Col, Flex, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';

interface VoucherSettingsValues {
  giftVouchers: { daysQuantityForAGiftVoucherExpiration: number; numberOfBookings: number };
  bookings: { freeCancellationHours: number };
}

/**
 * Gift vouchers and cancellations (spec: gift voucher settings): how many days a new voucher lasts and how
 * many bookings it pays, and how many hours before its start a booking paid with a voucher may still be
 * cancelled and give the use back. Its own form and save; read-only without settings_edit.
 */
export function VoucherSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const update = useUpdateSettings();
  const canEdit = usePermissions()('settings_edit');
  const [form] = Form.useForm<VoucherSettingsValues>();
  const submit = async (values: VoucherSettingsValues) => {
    try {
      await update.mutateAsync(values);
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };
  const required = { required: true, message: t('validation.required') };
  return (
    <Card title={t('settings.sections.vouchers')} style={{ marginTop: 16 }} data-testid="voucher-settings">
      <Form<VoucherSettingsValues>
        name="voucherSettings"
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ giftVouchers: settings.giftVouchers, bookings: settings.bookings }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['giftVouchers', 'daysQuantityForAGiftVoucherExpiration']}
              label={t('settings.fields.voucherDays')}
              extra={t('settings.voucherDaysHelp')}
              rules={[required]}
            >
              <InputNumber
                min={1}
                max={3650}
                precision={0}
                style={{ width: '100%' }}
                data-testid="voucher-days"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['giftVouchers', 'numberOfBookings']}
              label={t('settings.fields.voucherBookings')}
              extra={t('settings.voucherBookingsHelp')}
              rules={[required]}
            >
              <InputNumber
                min={1}
                max={1000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="voucher-bookings"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['bookings', 'freeCancellationHours']}
              label={t('settings.fields.freeCancellationHours')}
              extra={t('settings.freeCancellationHoursHelp')}
              rules={[required]}
            >
              <InputNumber
                min={0}
                max={8760}
                precision={0}
                style={{ width: '100%' }}
                data-testid="free-cancellation-hours"
              />
            </Form.Item>
          </Col>
        </Row>
        {canEdit && (
          <Flex justify="flex-end">
            <Button
              type="primary"
              htmlType="submit"
              loading={update.isPending}
              data-testid="voucher-settings-save"
            >
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
