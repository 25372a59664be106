import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupportLogin } from '../api';
import { useSupportLoginErrors } from './use-support-login-errors';

/**
 * Support log-in: the platform user opens a session as an employee of a license to see what he sees. A
 * license's employees cannot be listed from the platform, so the employee is named by his ID.
 */
export function SupportLoginCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ userId: number }>();
  const supportLogin = useSupportLogin();
  const showError = useSupportLoginErrors();

  const submit = async ({ userId }: { userId: number }) => {
    try {
      await supportLogin.mutateAsync(userId);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card title={t('licenses.sections.support')} style={{ marginTop: 16 }} data-testid="support-login-card">
      <Typography.Paragraph>{t('licenses.support.intro')}</Typography.Paragraph>
      <Button
        icon={<LoginOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="support-login-open"
      >
        {t('licenses.support.button')}
      </Button>
      <Modal
        open={open}
        title={t('licenses.support.modalTitle')}
        okText={t('licenses.support.submit')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={supportLogin.isPending}
        okButtonProps={{ 'data-testid': 'support-login-submit' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('licenses.support.sessionNote')}</Typography.Paragraph>
        <Form form={form} name="support-login" layout="vertical" onFinish={submit}>
          <Form.Item
            name="userId"
            label={t('licenses.support.employeeId')}
            extra={t('licenses.support.idHelp')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber
              min={1}
              precision={0}
              autoFocus
              style={{ width: '100%' }}
              data-testid="support-login-id"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
