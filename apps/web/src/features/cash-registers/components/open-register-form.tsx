import { cashRegisterOpenBody } from '@mostrador/contract';
import { App, Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { DecimalInput } from '../../../components/forms/decimal-input';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { useOpenCashRegister } from '../api';

/** The register is closed: open it with the cash in the drawer (300 € unless counted otherwise). */
export function OpenRegisterForm({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<{ initialAmount: number | null }>();
  const open = useOpenCashRegister();

  const submit = async (values: { initialAmount: number | null }) => {
    try {
      await open.mutateAsync({ initialAmount: values.initialAmount ?? undefined });
      message.success(t('cashRegister.opened'));
      onOpened();
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      name="open-register"
      layout="vertical"
      initialValues={{ initialAmount: 300 }}
      onFinish={submit}
      data-testid="open-register-form"
    >
      <Typography.Paragraph type="secondary">{t('cashRegister.closedText')}</Typography.Paragraph>
      {/* No clamping to 0: a negative amount is explained by the rule, not silently changed. */}
      <Form.Item
        name="initialAmount"
        label={t('cashRegister.initialAmount')}
        required
        rules={[
          { required: true, message: t('validation.required') },
          zodRule(cashRegisterOpenBody.shape.initialAmount.removeDefault(), t),
        ]}
        extra={t('cashRegister.initialAmountHelp')}
      >
        <DecimalInput step={1} suffix="€" autoFocus data-testid="initial-amount" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={open.isPending} block data-testid="open-register">
        {t('cashRegister.open')}
      </Button>
    </Form>
  );
}
