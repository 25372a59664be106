import { App, Button, Card, Col, Flex, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../../settings/api';

interface SubscriptionSettingsValues {
  subscriptions: { daysToPaySubscriptionRenewal: number; freeSubscriptionTrialDays: number };
}

/**
 * Subscriptions (spec: subscription settings): the days a renewal order may wait for its payment before the
 * subscription is cancelled, and the free trial a first activation gives; a product's own values win over
 * these. Its own form and save; read-only without settings_edit.
 */
export function SubscriptionSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const update = useUpdateSettings();
  const canEdit = usePermissions()('settings_edit');
  const [form] = Form.useForm<SubscriptionSettingsValues>();
  const submit = async (values: SubscriptionSettingsValues) => {
    try {
      await update.mutateAsync(values);
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };
  const required = { required: true, message: t('validation.required') };
  return (
    <Card
      title={t('subscriptions.settings.title')}
      style={{ marginTop: 16 }}
      data-testid="subscription-settings"
    >
      <Form<SubscriptionSettingsValues>
        name="subscriptionSettings"
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{
          subscriptions: settings.subscriptions ?? {
            daysToPaySubscriptionRenewal: 5,
            freeSubscriptionTrialDays: 0,
          },
        }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name={['subscriptions', 'daysToPaySubscriptionRenewal']}
              label={t('subscriptions.settings.renewalPaymentDays')}
              extra={t('subscriptions.settings.renewalPaymentDaysHelp')}
              rules={[required]}
            >
              <InputNumber
                min={0}
                max={365}
                precision={0}
                style={{ width: '100%' }}
                data-testid="subscription-renewal-payment-days"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['subscriptions', 'freeSubscriptionTrialDays']}
              label={t('subscriptions.settings.freeTrialDays')}
              extra={t('subscriptions.settings.freeTrialDaysHelp')}
              rules={[required]}
            >
              <InputNumber
                min={0}
                max={365}
                precision={0}
                style={{ width: '100%' }}
                data-testid="subscription-free-trial-days"
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
              data-testid="subscription-settings-save"
            >
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
