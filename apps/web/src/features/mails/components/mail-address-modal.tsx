import { MailOutlined } from '@ant-design/icons';
import { ErrorCode, emailSchema } from '@mostrador/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { zodRule } from '../../../components/forms/zod-rule';
import type { MailAddressDialogProps } from './mail-address-dialog';

/**
 * A short dialog asking where to send a mail: the address, validated as an email as the server does,
 * starting with the usual one. Other addresses must be a customer's (the server says so otherwise, on the
 * field); other refusals show above it in the user's language.
 */
export function MailAddressModal({
  title,
  intro,
  okText,
  defaultEmail,
  onSend,
  onClose,
  testId,
}: MailAddressDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<{ email: string }>();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The usual address may arrive after the dialog opened (the order's customer still loading): it
  // fills the field unless the user has typed in it.
  useEffect(() => {
    if (defaultEmail && !form.isFieldTouched('email')) form.setFieldsValue({ email: defaultEmail });
  }, [defaultEmail, form]);

  const submit = async ({ email }: { email: string }) => {
    setSending(true);
    setFailure(null);
    try {
      await onSend(email.trim());
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.noCustomerWithEmail)
        form.setFields([{ name: 'email', errors: [errorMessage(error)] }]);
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{
        icon: <MailOutlined aria-hidden />,
        loading: sending,
        'data-testid': `${testId}-send`,
      }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid={testId}
    >
      {intro && <div style={{ marginBottom: 16 }}>{intro}</div>}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid={`${testId}-error`}
        />
      )}
      <Form<{ email: string }>
        form={form}
        name={testId}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ email: defaultEmail ?? '' }}
        onFinish={(values) => void submit(values)}
        noValidate
      >
        <Form.Item
          name="email"
          label={t('mails.address.label')}
          extra={t('mails.address.help')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            zodRule(emailSchema, t),
          ]}
        >
          <Input type="email" autoComplete="off" autoFocus data-testid={`${testId}-email`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
